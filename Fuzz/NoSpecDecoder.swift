// Used by Fuzz/run.sh when the spec decoder is not compiled into the fuzzer.
import SpecwrightYAML

func fuzzSpecDecoder(_ bytes: [UInt8], _ document: Node) {}
