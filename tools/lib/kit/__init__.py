"""What the Python scripts of checks/, bench/ and corpora/ share:

  env    where LLVM, the plugin, the command, the module generator and the
         corpus are, and how many jobs to run (as the Makefile sets them)
  proc   running opt and other commands: timeouts, signals as 128 + N,
         CPU time and peak RSS of one run, callgrind's instruction count
  ll     reading LLVM IR text: operand lists, metadata nodes, attachments,
         function definitions and their parameters

A script puts this folder on its path and imports what it uses:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "lib"))
    from kit import env, proc  # noqa: E402
"""
