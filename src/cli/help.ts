/// The help and usage texts, laid out as optparse-applicative prints Pact's.

export const USAGE = `Usage: pact [COMMAND | (-v|--version) | (-b|--builtins) | (-g|--genkey) |
              (-s|--serve config) | [-r|--findscript] [-t|--trace]
              [-c|--coverage] FILE | (-a|--apireq REQ_YAML) [-l|--local] |
              (-u|--unsigned REQ_YAML)]
`;

export const HELP = `The Pact Smart Contract Language Interpreter

${USAGE}
Available options:
  -h,--help                Show this help text
  -v,--version             Display version
  -b,--builtins            List builtins
  -g,--genkey              Generate ED25519 keypair
  -s,--serve config        Launch REST API server with config file
  -r,--findscript          For .pact files, attempts to locate a .repl file to
                           execute.
  -t,--trace               Show trace output
  -c,--coverage            Generate coverage report coverage/lcov.info
  FILE                     File path to compile (if .pact extension) or execute.
  -a,--apireq REQ_YAML     Format API request JSON using REQ_YAML file
  -l,--local               Format for /local endpoint
  -u,--unsigned REQ_YAML   Format unsigned API request JSON using REQ_YAML file

Available commands:
  add-sig                  Add a signature to a signature data from stdin
  combine-sigs             Combine multiple signature files
  sign                     Sign arbitrary base64url-encoded data from stdin
`;
