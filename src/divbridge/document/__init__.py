"""Reading a SONNX Markdown document into a document model (sections, tags, sentences, formulas, rows,
examples), and what each part is read as."""
