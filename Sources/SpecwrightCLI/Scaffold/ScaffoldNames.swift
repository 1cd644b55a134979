/// The names `specwright init` derives for a scaffold: Swift type names from folder names, the
/// spec's file name from the service name, and the checks that keep them valid Swift.
enum ScaffoldNames {
    /// `Bookstore`, `MyAPI2`: an uppercase ASCII letter first, then ASCII letters and digits.
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isUppercase, first.isASCII else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// A module name that `import` accepts: ASCII letters, digits and `_`, not starting with a digit.
    static func isModuleName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        }
    }

    /// `shop-app` → `ShopApp`, `ShopAPI` → `ShopAPI`: words split at anything but a letter or
    /// digit, each capitalised.
    static func typeName(from folderName: String) -> String {
        folderName.split(whereSeparator: { !$0.isASCII || !($0.isLetter || $0.isNumber) })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    /// `ShopAPI` → `Shop` for `suffixes: ["API", "Client"]`; the name itself when no suffix
    /// leaves a type name behind.
    static func removingSuffix(_ name: String, _ suffixes: [String]) -> String {
        for suffix in suffixes where name.hasSuffix(suffix) {
            let stem = String(name.dropLast(suffix.count))
            if isTypeName(stem) { return stem }
        }
        return name
    }

    /// The spec's base file name: `Shop` → `shop`, `MyShop` → `my-shop`, `MyAPI2` → `my-api2`.
    /// The plugin turns it back into the file prefix (`MyShop`), so the generated files and
    /// the client type start alike.
    static func specBaseName(for name: String) -> String {
        var result = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if index > 0, character.isUppercase {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    result += "-"
                }
            }
            result += character.lowercased()
        }
        return result
    }

    /// The file prefix the build-tool plugin derives from a spec's base name (the rule of
    /// `Plugins/SpecwrightPlugin`: words split at anything but a letter or digit, capitalised).
    static func pluginFilePrefix(for baseName: String) -> String {
        typeName(from: baseName)
    }
}
