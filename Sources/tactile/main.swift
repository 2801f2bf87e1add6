// The `tactile` command line: see TactileCommand for the subcommands.
TactileCommand.main()
