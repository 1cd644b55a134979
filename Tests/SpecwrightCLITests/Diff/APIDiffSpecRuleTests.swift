import Testing

/// `diff` rules on pairs built from `specs/bookstore.yaml` (a Specwright spec): one edit, one finding.
@Suite struct APIDiffSpecRuleTests {
    /// Diffs the bookstore spec against a copy with one edit; `lines` gets the old text to compute
    /// line numbers from.
    func expectOne(_ old: String, _ new: String, exitCode: Int32 = 1, lines expected: (String) throws -> [String])
        throws
    {
        let text = try DiffSupport.packageFile("specs/bookstore.yaml")
        let run = DiffSupport.diff(text, try DiffSupport.mutated(text, old, new))
        #expect(run.standardError == "")
        #expect(run.standardOutput.split(separator: "\n").map(String.init) == (try expected(text)))
        #expect(run.exitCode == exitCode)
    }

    @Test func aChangedEnvelopeIsBreaking() throws {
        try expectOne("  success: [0]\n", "  success: [0, 200]\n") { text in
            let line = try DiffSupport.line(of: "envelope:", in: text)
            return [
                "new.yaml:\(line):1: error: breaking: the response envelope changed: success codes [0] → [0, 200]",
                "old.yaml:\(line):1: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ]
        }
    }

    @Test func aGateThatIsNoLongerTheGateIsBreaking() throws {
        try expectOne("      gate: true ", "      gate: false") { text in
            let line = try DiffSupport.line(of: "    fetch:", in: text)
            return [
                "new.yaml:\(line):5: error: breaking: operation 'config.fetch' is no longer the config gate (other requests wait for the gate)",
                "old.yaml:\(line):5: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ]
        }
    }

    @Test func aChangedAuthSchemeIsBreakingOnceForTheService() throws {
        try expectOne("auth: bearer ", "auth: none   ") { text in
            let line = try DiffSupport.line(of: "auth: bearer", in: text)
            return [
                "new.yaml:\(line):1: error: breaking: the API's authentication changed from bearer to none",
                "old.yaml:\(line):1: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ]
        }
    }

    @Test func aRemovedEndpointIsBreaking() throws {
        let text = try DiffSupport.packageFile("specs/bookstore.yaml")
        let start = try #require(text.range(of: "    delete:\n      delete: /books/{id}"))
        let end = try #require(text.range(of: "    byIds:"))
        try expectOne(String(text[start.lowerBound..<end.lowerBound]), "") { text in
            [
                "new.yaml:\(try DiffSupport.line(of: "endpoints:", in: text)):1: error: breaking: operation 'books.delete' (DELETE /books/{id}) was removed or renamed",
                "old.yaml:\(try DiffSupport.line(of: "    delete:", in: text)):5: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ]
        }
    }

    @Test func aQueryParameterThatLostItsDefaultBecameRequired() throws {
        try expectOne("        size: { type: Int, default: 20 }", "        size: Int") { text in
            let line = try DiffSupport.line(of: "size: { type: Int, default: 20 }", in: text)
            return [
                "new.yaml:\(line):9: error: breaking: parameter 'size' of 'books.list' became required",
                "old.yaml:\(line):9: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ]
        }
    }

    @Test func aRequestFieldThatBecameRequiredIsBreaking() throws {
        try expectOne("      genre: Genre?", "      genre: Genre ") { text in
            let line = try DiffSupport.line(of: "genre: Genre?", in: text)
            return [
                "new.yaml:\(line):7: error: breaking: request field 'BookDraft.genre' became required",
                "old.yaml:\(line):7: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ]
        }
    }

    @Test func aNewRequiredFieldOfARequestTypeIsBreaking() throws {
        try expectOne(
            "  BookDraft:\n    properties:\n      title: String\n",
            "  BookDraft:\n    properties:\n      title: String\n      author: String\n"
        ) { text in
            [
                "new.yaml:\(try DiffSupport.line(of: "  BookDraft:", in: text) + 3):7: error: breaking: request type 'BookDraft' has a new required field 'author'",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ]
        }
    }

    @Test func anEnumValueRemovedFromATypeRequestsSendIsBreaking() throws {
        try expectOne("    enum: [fiction, non_fiction, poetry]", "    enum: [fiction, non_fiction]        ") { text in
            let line = try DiffSupport.line(of: "enum: [fiction, non_fiction, poetry]", in: text)
            return [
                "new.yaml:\(line - 1):3: error: breaking: value 'poetry' was removed from enum 'Genre', which old clients send",
                "old.yaml:\(line):34: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ]
        }
    }

    @Test func aResponseFieldMadeOptionalBecameNullable() throws {
        try expectOne("      id: UUID\n      title: String\n", "      id: UUID\n      title: String?\n") { text in
            let line = try DiffSupport.line(of: "      id: UUID", in: text) + 1
            return [
                "new.yaml:\(line):7: error: breaking: response field 'Book.title' became nullable (String → String?)",
                "old.yaml:\(line):7: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ]
        }
    }
}
