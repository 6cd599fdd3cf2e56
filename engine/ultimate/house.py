"""Which of the title's data are house values, named in players' words (``/game info``,
``railbot maps``): the blocks every board shares, and each player board's own."""

from __future__ import annotations

from typing import Any

from engine.ultimate.module_data import MODULES, parts, printed


def common_labels(data: dict[str, Any]) -> tuple[str, ...]:
    """House blocks and entries shared by every board."""
    out: list[str] = []
    for key, block in data.items():
        # the boards' and the modules' own house values are named by board and by module
        if not isinstance(block, dict) or key in ("boards", "modules"):
            continue
        if block.get("source") == "house" or "house" in block:
            out.append(key.replace("_", " "))
        for sub, inner in block.items():
            if isinstance(inner, dict) and (inner.get("source") == "house" or "house" in inner):
                out.append(f"{key.replace('_', ' ')}: {sub.replace('_', ' ')}")
        for entry in block.get("list", []):
            if isinstance(entry, dict) and entry.get("source") == "house":
                out.append(f"{key.replace('_', ' ')}: {entry.get('name', entry.get('id'))}")
    return tuple(dict.fromkeys(out))


def _spaces(name: str, spaces: list[dict[str, Any]]) -> list[str]:
    return [f"{name} space {sp['at']} ({sp['kind'].replace('_', ' ')})" for sp in spaces
            if sp["source"] == "house" or "house" in sp]


def board_labels(board: dict[str, Any], track: dict[str, Any] | None = None,
                 loco2: dict[str, Any] | None = None) -> tuple[str, ...]:
    """House values of one player board: its route layout, special spaces, tiles; with
    ``track``, the industry track (and ``loco2``, the #2 locomotives) of another box."""
    out: list[str] = []
    industry = (track or board).get("industry", {})
    loco2 = loco2 if track is not None else board.get("loco2")
    if "house" in industry:
        out.append("industry track gaps after the first")
    if industry.get("specials_source") == "house":
        out.append("industry track idea space and key")
    for route in board.get("routes", []):
        if "house" in route:
            out.append(f"{route['name']} {route.get('house_label', 'doubler spaces')}")
        out += _spaces(route["name"], route["spaces"])
        for area in route.get("areas", []):
            if area["source"] == "house":
                out.append(f"{area['station']} station's extension size")
        for branch in route.get("branches", []):
            out.append(f"{route['name']}-{branch['name']} branch length")
            out += _spaces(f"{route['name']}-{branch['name']}", branch["spaces"])
        if "upgrade" in route:
            up = route["upgrade"]
            out.append(f"{route['name']}-{up['name']} route upgrade length")
            out += _spaces(f"{route['name']}-{up['name']}", up["spaces"])
    if industry.get("source") == "house" and "points" in industry:
        out.append("industry board points, factory spaces per side, printed factories' actions "
                   "and benefit spaces")
    if loco2 and loco2.get("source") == "house":
        out.append(f"#2 locomotives' factory action ({loco2['text']})")
    if "house" in board.get("extensions", {}):
        out.append("route extensions' special spaces")
    if industry.get("upper_source") == "house":
        out.append("upper industry track points: " + "/".join(map(str, industry["upper"])))
    if "house" in board.get("boulders", {}) and "upper" in industry:
        out.append("the industry boulder on the lower track")
    stocks = board.get("stocks", {})
    if "house" in stocks:
        out.append(f"stocks board: {stocks['levels']} levels")
    if stocks.get("tokens", {}).get("source") == "house":
        out.append("dividend tokens: " + ", ".join(t["text"] for t in stocks["tokens"]["list"]))
    if "house" in board.get("steelworks", {}):
        out.append(f"steelworks action: {board['steelworks']['text'].split(': ')[-1]}")
    if board.get("steelworks", {}).get("emil", {}).get("source") == "house":
        out.append("a steelworks beside a stack Emil empties goes back to the box")
    if board.get("income_tiles", {}).get("source") == "house":
        out.append("income tiles: " + ", ".join(t["text"] for t in board["income_tiles"]["list"]))
    return tuple(dict.fromkeys(out))


def module_labels(modules: list[str]) -> tuple[str, ...]:
    """House values of the chosen modules."""
    out: list[str] = []
    if "coal" in modules:
        coal = parts("coal")
        foundries = [f["text"] for f in coal["foundries"]["list"] if f.get("source") != "rulebook"]
        eng = coal["engineer"]
        out.append(f"{MODULES['coal']['name']}: foundries {', '.join(foundries)}; the coal idea "
                   f"token ({coal['token']['text']}); the coal engineer (#{eng['number']} "
                   f"{eng['group']}: {eng['text']})")
    if "manufactory_train" in modules:
        tokens = parts("manufactory_train")["tokens"]["list"]
        house = [t["text"] for t in tokens if t.get("source") != "rulebook"]
        out.append(f"{MODULES['manufactory_train']['name']}: manufactory tokens "
                   + ", ".join(house))
    if "special_ideas" in modules:
        special = parts("special_ideas")["cards"]["list"]
        cards = [c["text"] for c in special if c.get("source") == "house"]
        out.append(f"{MODULES['special_ideas']['name']}: the fifth card ({', '.join(cards)})")
    if "additional_engineers" in modules:
        shown = ", ".join(f"#{printed(e['key'])} {e['group']}" for e in
                          parts("additional_engineers")["list"])
        out.append(f"{MODULES['additional_engineers']['name']}: their numbers and groups "
                   f"({shown}), 1 worker each")
    return tuple(out)
