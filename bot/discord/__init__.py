"""The Discord adapter: slash commands, buttons and reminders over the GameService.

Import it only to run the bot (``railbot run``) or sync its commands (``railbot sync``); the
rest of railbot never needs discord.py.
"""
