"""One module per float property of Div; each defines ``PROPERTY`` (see `statements.float_property`)."""
