"""Implementations of an operator judged against SONNX: C kernels and Python functions run in a child process,
the runtimes and libraries (the peers), and the peer table."""
