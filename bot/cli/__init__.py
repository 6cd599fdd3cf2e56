"""The command-line programs: `railbot` (main: run, sync, play, inspect, commands, maps) and the
subcommands each in its own module (archive: backup, export, import, migrate; bots: a game of
computer players; replay: a stored game's animation; stats: results and ratings)."""
