"""Reading SONNX-style spec documents (reader, latex, prose, caserule, tagclass) and checking what
they claim (checks, analysis: `divbridge check-spec`)."""
