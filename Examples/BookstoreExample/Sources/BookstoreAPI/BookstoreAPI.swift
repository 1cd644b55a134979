// The generated client (BookstoreTypes/Endpoints/Client.swift) is produced at build time by the
// Specwright plugin from bookstore.specwright.yaml; this file only re-exports the runtime so
// app code needs a single import.
@_exported import SpecwrightRuntime
