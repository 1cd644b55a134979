import CYaml

/// Pulls libyaml parser events from an in-memory UTF-8 buffer and turns libyaml's failures
/// into located `YAMLError`s. The buffer must outlive the reader (callers hold it pinned).
final class LibYAMLEventReader {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The current event, in its own allocation: passing it to libyaml as a pointer avoids
    /// exclusivity checks on a class property for every event.
    private let event: UnsafeMutablePointer<yaml_event_t>
    private var holdsEvent = false
    private var initialized = false
    private let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    /// `file`'s index in `FileNames`, looked up once per reader.
    private let fileID: UInt32

    /// `bytes.baseAddress` must not be nil (libyaml asserts a non-null input, even when empty).
    init(bytes: UnsafeBufferPointer<UInt8>, file: String) throws(YAMLError) {
        self.bytes = bytes
        self.file = file
        fileID = FileNames.id(for: file)
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        guard yaml_parser_initialize(parser) != 0 else {
            throw YAMLError(
                .syntax, "cannot initialize the YAML parser (out of memory)",
                at: SourceLocation(file: file, line: 1, column: 1))
        }
        initialized = true
        guard let start = bytes.baseAddress else {
            throw YAMLError(.syntax, "no input buffer", at: SourceLocation(file: file, line: 1, column: 1))
        }
        yaml_parser_set_input_string(parser, start, bytes.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        if initialized { yaml_parser_delete(parser) }
        parser.deallocate()
        event.deallocate()
    }

    /// The next event. Its pointers stay valid until the following call to `next()`.
    func next() throws(YAMLError) -> yaml_event_t {
        if holdsEvent {
            yaml_event_delete(event)
            holdsEvent = false
        }
        guard yaml_parser_parse(parser, event) != 0 else { throw currentError() }
        holdsEvent = true
        return event.pointee
    }

    /// The source location of a libyaml mark (libyaml counts from 0).
    @inline(__always)
    func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(fileID: fileID, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// The location of a byte offset (used where libyaml reports offsets rather than marks).
    func location(ofOffset offset: Int) -> SourceLocation {
        let (line, column) = UTF8Validator.lineAndColumn(of: offset, in: bytes)
        return SourceLocation(fileID: fileID, line: line, column: column)
    }

    private func currentError() -> YAMLError {
        let p = parser.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "invalid YAML"
        var message = problem
        if let context = p.context {
            message += " " + String(cString: context)
        }
        switch p.error {
        case YAML_READER_ERROR:
            return YAMLError(.syntax, message, at: location(ofOffset: Int(p.problem_offset)))
        case YAML_MEMORY_ERROR:
            return YAMLError(.syntax, "out of memory while parsing YAML", at: location(p.mark))
        default:
            return YAMLError(.syntax, message, at: location(p.problem_mark))
        }
    }
}

extension String {
    /// Decodes a libyaml byte range (not necessarily NUL-terminated) as UTF-8.
    @inline(__always)
    init(yamlBytes pointer: UnsafePointer<UInt8>?, count: Int) {
        guard let pointer, count > 0 else {
            self = ""
            return
        }
        self = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// Decodes a NUL-terminated libyaml string, or nil for a null pointer.
    @inline(__always)
    init?(yamlCString pointer: UnsafePointer<UInt8>?) {
        guard let pointer else { return nil }
        self = String(cString: pointer)
    }
}
