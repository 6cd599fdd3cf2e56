"""/game help lists every action space the player to act can take now, each as a typed command."""

from __future__ import annotations

from ult_helpers import fresh, skip_bonus

from bot.commands import help_text, suggestion_lines


def test_help_lists_every_open_space() -> None:
    t, state = fresh(4, seed=2)
    state = skip_bonus(t, state)
    seat = t.to_act(state)[0]
    open_spaces = t.view(state, None)["open_spaces"]
    assert len(open_spaces) > 15  # more than the board's buttons show at once
    text = help_text(["/place space:... — Place"], suggestion_lines(t.suggest(state, seat)))
    listed = {line.rsplit("space:", 1)[1] for line in text.split("\n")
              if line[:1].isdigit() and "/place space:" in line}
    assert listed == set(open_spaces)
