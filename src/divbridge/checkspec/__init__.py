"""check-spec: what a document claims, checked against the semantics of each section."""
