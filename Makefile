# Every target runs on the Node 26 installed in node_modules, never the machine's own node.
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)
SRC := $(shell find src -name '*.ts' -not -name 'parser*.ts' 2>/dev/null)
PARSER := src/syntax/parser.ts

.PHONY: all install grammar typecheck test fuzz stress repl serve devnet bench clean
all: dist/pact

# The install is stamped with the lock file's hash, not its time: a second checkout (a git
# worktree) sharing this node_modules through a symlink has newer files but the same lock, and
# must not reinstall (npm ci through the link would empty the shared folder under the others).
INSTALLED := node_modules/.installed-$(shell sha256sum package-lock.json | cut -c1-16)
install: $(INSTALLED)
$(INSTALLED):
	@if [ -L node_modules ]; then echo "node_modules is a shared link and package-lock.json changed: install here first (rm node_modules && npm ci)" >&2; exit 1; fi
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

grammar: $(PARSER)
$(PARSER): grammar/pact.grammar $(INSTALLED)
	lezer-generator --typeScript grammar/pact.grammar -o $(PARSER)

typecheck: $(PARSER)
	tsc -p .
	tsc -p editors/vscode

dist/pact: $(PARSER) $(SRC) $(wildcard scripts/*.ts scripts/train/*) sea-config.json $(INSTALLED)
	tsc -p .
	node scripts/bundle.ts
	@# The V8 code cache the executable compiles the bundle with (scripts/code-cache.ts).
	node scripts/train-code-cache.ts
	@# The default devnet's genesis database, carried by the executable (src/server/devnet/genesis-image.ts).
	node scripts/devnet-genesis.ts
	@# sea-config.json starts the young generation at 8 MB instead of 1: starting up allocates ~10 MB
	@# that lives on, and loading a protocol far more, which V8 otherwise scavenges again and again
	@# while growing it (-9 ms for an empty script, -14 ms loading a 6,000-line protocol).
	node --build-sea sea-config.json
	@# Renamed into place: a running dist/pact (a test, a node) cannot be overwritten, only replaced.
	mv -f dist/pact.new dist/pact

# The explorer's browser test drives Debian's Chromium, the REPL's terminal tests tmux: installed
# here when missing (needs root).
CHROMIUM := /usr/bin/chromium
TMUX := /usr/bin/tmux
$(CHROMIUM) $(TMUX): /usr/bin/%:
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $* >/dev/null

# The language server's editor test drives Debian's Neovim headless (package neovim).
NVIM := /usr/bin/nvim
$(NVIM):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq neovim >/dev/null

test: dist/pact $(CHROMIUM) $(TMUX) $(NVIM)
	node --test --test-reporter=spec "test/**/*.test.ts"

# Big inputs (a 50 MB script, a value 200,000 levels deep, a million piped lines, code 100,000
# deep, a fold over 100,000,000 elements, a 200 MB string): minutes.
stress: dist/pact
	node --test --test-reporter=spec test/stress/*.stress.ts

# The fuzz suite (test/fuzz) at 1,000,000 cases; `make test` runs the same at 10,000.
# PACT_FUZZ_SEED=N for another seed, PACT_FUZZ_RUNS=N for another size (see test/fuzz/README.md).
fuzz: dist/pact
	PACT_FUZZ_RUNS=$${PACT_FUZZ_RUNS:-1000000} node --test --test-reporter=spec test/fuzz/*.test.ts

repl: dist/pact
	dist/pact

# `make serve` runs a node on port 8080 in memory; `make serve CONFIG=path` uses another config.
serve: dist/pact dist/serve.yaml
	dist/pact --serve $(or $(CONFIG),dist/serve.yaml)

# `make devnet`: a Kadena development network on port 8080, in memory (see README, "Devnet").
devnet: dist/pact
	dist/pact --serve --devnet

dist/serve.yaml:
	@mkdir -p dist
	printf 'port: 8080\nverbose: false\n' > $@

bench: dist/pact $(CHROMIUM)
	node bench/run.ts
	node bench/transfers.ts
	node bench/load.ts
	node bench/typecheck.ts
	node bench/verify.ts
	node bench/hash.ts
	node bench/server.ts
	node bench/devnet.ts
	node bench/explorer.ts
	node bench/lsp.ts

clean:
	rm -rf dist $(PARSER) src/syntax/parser.terms.ts
