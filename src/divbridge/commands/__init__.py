"""One module per `divbridge` subcommand: NAME, HELP, configure(parser), run(args) -> exit code."""
