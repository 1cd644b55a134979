import Testing

/// Every `diff` rule on a pair built from a real OpenAPI document: one edit, exactly one finding.
@Suite struct APIDiffOpenAPIRuleTests {
    static let petstoreName = "oai-v30-petstore.yaml"

    /// Diffs the petstore against a copy with one edit and checks the whole output.
    func expectOne(
        _ old: String, _ new: String, document: String = petstoreName, lines expected: [String], exitCode: Int32 = 1
    ) throws {
        guard let text = DiffSupport.corpus(document) else { return }
        let run = DiffSupport.diff(text, try DiffSupport.mutated(text, old, new))
        #expect(run.standardError == "")
        #expect(run.standardOutput.split(separator: "\n").map(String.init) == expected)
        #expect(run.exitCode == exitCode)
    }

    @Test func aRemovedOperationIsBreakingAndNotedWhereItWas() throws {
        guard let text = DiffSupport.corpus(Self.petstoreName) else { return }
        let operation = String(
            text[
                text.range(of: "    get:\n      summary: Info for a specific pet")!
                    .lowerBound..<text.range(of: "components:\n")!.lowerBound])
        try expectOne(
            operation, "",
            lines: [
                "new.yaml:9:1: error: breaking: operation 'pets.showPetById' (GET /pets/{petId}) was removed or renamed",
                "old.yaml:64:5: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }

    @Test func aRenamedOperationIsARemovalAndAnAddition() throws {
        try expectOne(
            "operationId: showPetById", "operationId: getPet",
            lines: [
                "new.yaml:9:1: error: breaking: operation 'pets.showPetById' (GET /pets/{petId}) was removed or renamed",
                "old.yaml:64:5: note: the old version is here",
                "new.yaml:64:5: note: compatible: operation 'pets.getPet' (GET /pets/{petId}) was added",
                "1 breaking change, 1 compatible change (old.yaml → new.yaml)"
            ])
    }

    @Test func aParameterThatBecameRequiredIsBreaking() throws {
        try expectOne(
            "          required: false\n", "          required: true\n",
            lines: [
                "new.yaml:17:17: error: breaking: parameter 'limit' of 'pets.listPets' became required",
                "old.yaml:17:17: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }

    @Test func aParameterThatBecameRequiredIsBreakingEvenWithADefault() throws {
        // The default fills the method's argument only: an old client does not send the value.
        try expectOne(
            "          required: false\n          schema:\n            type: integer\n",
            "          required: true\n          schema:\n            default: 20\n            type: integer\n",
            lines: [
                "new.yaml:17:17: error: breaking: parameter 'limit' of 'pets.listPets' became required",
                "old.yaml:17:17: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }

    @Test func aParameterThatChangedTypeIsBreaking() throws {
        try expectOne(
            "            type: integer\n            maximum: 100\n            format: int32\n",
            "            type: string\n",
            lines: [
                "new.yaml:17:17: error: breaking: parameter 'limit' of 'pets.listPets' changed type from Int32? to String?",
                "old.yaml:17:17: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }

    @Test func aNewRequiredParameterIsBreakingAndANewOptionalOneCompatible() throws {
        try expectOne(
            "      parameters:\n        - name: limit\n",
            "      parameters:\n        - name: owner\n          in: query\n          required: true\n          schema:\n            type: string\n        - name: limit\n",
            lines: [
                "new.yaml:17:17: error: breaking: operation 'pets.listPets' has a new required query parameter 'owner'",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
        try expectOne(
            "      parameters:\n        - name: limit\n",
            "      parameters:\n        - name: owner\n          in: query\n          schema:\n            type: string\n        - name: limit\n",
            lines: [
                "new.yaml:17:17: note: compatible: operation 'pets.listPets' has a new optional query parameter 'owner'",
                "0 breaking changes, 1 compatible change (old.yaml → new.yaml)"
            ], exitCode: 0)
    }

    @Test func aRequestFieldThatBecameRequiredIsBreaking() throws {
        try expectOne(
            "        - id\n        - name\n", "        - id\n        - name\n        - tag\n",
            lines: [
                "new.yaml:103:9: error: breaking: request field 'Pet.tag' became required",
                "old.yaml:102:9: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }

    @Test func aFieldThatChangedTypeIsBreaking() throws {
        try expectOne(
            "        name:\n          type: string\n", "        name:\n          type: integer\n",
            lines: [
                "new.yaml:100:9: error: breaking: response field 'Pet.name' changed type from String to Int",
                "old.yaml:100:9: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }

    @Test func aRemovedResponseFieldIsBreaking() throws {
        try expectOne(
            "        - message\n      properties:\n        code:\n          type: integer\n          format: int32\n        message:\n          type: string\n",
            "      properties:\n        code:\n          type: integer\n          format: int32\n",
            lines: [
                "new.yaml:109:5: error: breaking: response field 'ErrorModel.message' was removed",
                "old.yaml:118:9: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }

    @Test func aResponseFieldMadeNullableIsBreaking() throws {
        try expectOne(
            "        code:\n          type: integer\n          format: int32\n",
            "        code:\n          type: integer\n          format: int32\n          nullable: true\n",
            lines: [
                "new.yaml:115:9: error: breaking: response field 'ErrorModel.code' became nullable (Int32 → Int32?)",
                "old.yaml:115:9: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }

    @Test func aChangedPathIsBreaking() throws {
        try expectOne(
            "  /pets/{petId}:", "  /animals/{petId}:",
            lines: [
                "new.yaml:64:5: error: breaking: operation 'pets.showPetById' changed its path from '/pets/{petId}' to '/animals/{petId}'",
                "old.yaml:64:5: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }

    @Test func aChangedMethodIsBreaking() throws {
        try expectOne(
            "    post:\n      summary: Create a pet", "    put:\n      summary: Create a pet",
            lines: [
                "new.yaml:43:5: error: breaking: operation 'pets.createPets' changed its method from POST to PUT",
                "old.yaml:43:5: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }

    @Test func aChangedResponseTypeIsBreaking() throws {
        try expectOne(
            "          description: Expected response to a valid request\n          content:\n            application/json:\n              schema:\n                $ref: \"#/components/schemas/Pet\"",
            "          description: Expected response to a valid request\n          content:\n            application/json:\n              schema:\n                $ref: \"#/components/schemas/Pets\"",
            lines: [
                "new.yaml:64:5: error: breaking: operation 'pets.showPetById' changed its response from Pet to Pets",
                "old.yaml:64:5: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }

    @Test func aDocumentationChangeIsCompatible() throws {
        try expectOne(
            "summary: List all pets", "summary: Lists every pet",
            lines: [
                "new.yaml:11:5: note: compatible: the documentation of operation 'pets.listPets' changed",
                "old.yaml:11:5: note: the old version is here",
                "0 breaking changes, 1 compatible change (old.yaml → new.yaml)"
            ], exitCode: 0)
    }

    @Test func anEnumValueRemovedFromARequestTypeIsBreaking() throws {
        try expectOne(
            "            - placed\n            - approved\n            - delivered\n",
            "            - placed\n            - approved\n", document: "swagger-petstore3.yaml",
            lines: [
                "new.yaml:689:9: error: breaking: value 'delivered' was removed from enum 'OrderStatus', which old clients send",
                "old.yaml:696:15: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }

    @Test func anEnumValueAddedIsCompatibleBecauseClientsDecodeUnknownValues() throws {
        try expectOne(
            "            - approved\n            - delivered\n",
            "            - approved\n            - delivered\n            - returned\n",
            document: "swagger-petstore3.yaml",
            lines: [
                "new.yaml:697:15: note: compatible: value 'returned' was added to enum 'OrderStatus' (old clients decode it as .unknown)",
                "0 breaking changes, 1 compatible change (old.yaml → new.yaml)"
            ], exitCode: 0)
    }

    @Test func anOperationThatStoppedSendingCredentialsIsBreaking() throws {
        try expectOne(
            "      security:\n        - api_key: []\n        - petstore_auth:\n            - write:pets\n            - read:pets\n    post:\n      tags:\n        - pet\n      summary: Updates a pet in the store with form data.",
            "      security: []\n    post:\n      tags:\n        - pet\n      summary: Updates a pet in the store with form data.",
            document: "swagger-petstore3.yaml",
            lines: [
                "new.yaml:202:5: error: breaking: operation 'pet.getPetById' no longer sends credentials",
                "old.yaml:202:5: note: the old version is here",
                "1 breaking change, 0 compatible changes (old.yaml → new.yaml)"
            ])
    }
}
