"""Mutation fuzzing of the documents `specwright` reads (OpenAPI documents and our own specs).

Entry point: Scripts/fuzz-documents.py. Modules: `tree` (loading seeds, writing mutants with
raw tokens and repeated keys), `names` (hostile names and values), `tree_mutations` and
`text_mutations` (the operators), `runner` (the CLI under a time and memory limit, the
classification) and `typecheck` (compiling a sample of generated outputs against the runtime).
"""
