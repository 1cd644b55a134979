// specwright-bench: rerunnable performance measurements (see docs/performance.md).
//   swift run -c release specwright-bench yaml [spec.yaml] [--iterations N]
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "yaml":
    YAMLFrontEndSuite.run(arguments: Array(arguments.dropFirst()))
default:
    print("""
    usage: specwright-bench <suite> [options]
    suites:
      yaml [spec.yaml] [--iterations N]   libyaml event scan vs node tree vs spec decode+validate
                                          (default spec: Benchmarks/data/large-spec.yaml, made by
                                          python3 Benchmarks/make-large-spec.py)
    """)
}
