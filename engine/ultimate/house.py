"""Which of the title's data are house values, named in players' words (``/game info``,
``railbot maps``): the blocks every board shares, and each player board's own."""

from __future__ import annotations

from typing import Any

from engine.ultimate import hooks


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
    # the board's own parts beyond routes and tracks are named by its plug-in
    out += hooks.board_labels(board, track or board)
    return tuple(dict.fromkeys(out))
