"""Which of the title's data are house values, named in players' words (``/game info``,
``railbot maps``): the blocks every board shares, and each player board's own."""

from __future__ import annotations

from typing import Any


def common_labels(data: dict[str, Any]) -> tuple[str, ...]:
    """House blocks and entries shared by every board."""
    out: list[str] = []
    for key, block in data.items():
        if not isinstance(block, dict) or key == "boards":
            continue
        if block.get("source") == "house" or "house" in block:
            out.append(key.replace("_", " "))
        for sub, inner in block.items():
            if isinstance(inner, dict) and inner.get("source") == "house":
                out.append(f"{key.replace('_', ' ')}: {sub.replace('_', ' ')}")
        for entry in block.get("list", []):
            if isinstance(entry, dict) and entry.get("source") == "house":
                out.append(f"{key.replace('_', ' ')}: {entry.get('name', entry.get('id'))}")
    return tuple(dict.fromkeys(out))


def _spaces(name: str, spaces: list[dict[str, Any]]) -> list[str]:
    return [f"{name} space {sp['at']} ({sp['kind'].replace('_', ' ')})" for sp in spaces
            if sp["source"] == "house"]


def board_labels(board: dict[str, Any]) -> tuple[str, ...]:
    """House values of one player board: its route layout, special spaces, tiles."""
    out: list[str] = []
    industry = board.get("industry", {})
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
    if "house" in board.get("extensions", {}):
        out.append("route extensions' special spaces")
    if board.get("income_tiles", {}).get("source") == "house":
        out.append("income tiles: " + ", ".join(t["text"] for t in board["income_tiles"]["list"]))
    return tuple(dict.fromkeys(out))
