# Every target runs on the Node 26 installed in node_modules, never the machine's own node.
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)
SRC := $(shell find src -name '*.ts' -not -name 'parser*.ts' 2>/dev/null)
PARSER := src/syntax/parser.ts

.PHONY: all install grammar typecheck test fuzz stress repl serve devnet bench clean release release-binaries release-pack release-test FORCE
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

# The CLI's bundle (and the executable's main script, and which packages the bundle holds).
dist/pact.cjs: $(PARSER) $(SRC) scripts/bundle.ts scripts/sea-main.ts scripts/code-cache.ts dist/commit $(INSTALLED)
	tsc -p .
	node scripts/bundle.ts

# The commit `pact --version --verbose` names: rewritten, and the bundle rebuilt, when HEAD moves.
dist/commit: FORCE
	@mkdir -p dist
	@(git rev-parse HEAD 2>/dev/null || echo unknown) > $@.new
	@if cmp -s $@.new $@; then rm $@.new; else mv $@.new $@; fi

# The solver's 35 MB wasm as the executable carries it, compressed (a minute and a half, kept until
# npm installs the wasm anew).
Z3_WASM := node_modules/z3-solver/build/z3-built.wasm
$(Z3_WASM): | $(INSTALLED)
dist/z3-built.wasm.br: $(Z3_WASM) scripts/compress-solver.ts
	node scripts/compress-solver.ts $@

# Installs Debian packages (as root), waiting for another apt to finish rather than failing.
APT_INSTALL := apt-get -o DPkg::Lock::Timeout=600 update -qq && DEBIAN_FRONTEND=noninteractive \
	apt-get -o DPkg::Lock::Timeout=600 install -y -qq

# llvm-strip strips Node's binary for every platform (ELF and Mach-O); installed when missing.
# (Defined before the rules that name it: make expands a rule's prerequisites as it reads them.)
LLVM_STRIP := $(or $(shell command -v llvm-strip),/usr/bin/llvm-strip)
/usr/bin/llvm-strip:
	$(APT_INSTALL) llvm

# The default devnet's genesis database, carried by the executable (src/server/devnet/
# genesis-image.ts): a fresh devnet starts from it instead of running 20 chains' genesis.
dist/devnet-genesis.sqlite.zst: $(PARSER) $(SRC) scripts/devnet-genesis.ts | $(INSTALLED)
	@mkdir -p dist
	node scripts/devnet-genesis.ts

EXECUTABLE_SCRIPTS := $(addprefix scripts/release/,executable.ts base-node.ts platforms.ts)
# The executable for this machine, made as every release executable is (scripts/release/
# executable.ts): Node stripped of its symbols, the bundle, its trained V8 code cache, the solver.
dist/pact: dist/pact.cjs dist/z3-built.wasm.br dist/devnet-genesis.sqlite.zst scripts/train-code-cache.ts $(wildcard scripts/train/*) $(EXECUTABLE_SCRIPTS) | $(LLVM_STRIP)
	node scripts/release/executable.ts dist/pact.new
	@# Renamed into place: a running dist/pact (a test, a node) cannot be overwritten, only replaced.
	mv -f dist/pact.new dist/pact

# The explorer's browser test drives Debian's Chromium, the REPL's terminal tests tmux: installed
# here when missing (needs root).
CHROMIUM := /usr/bin/chromium
TMUX := /usr/bin/tmux
$(CHROMIUM) $(TMUX): /usr/bin/%:
	$(APT_INSTALL) $* >/dev/null

# The language server's editor test drives Debian's Neovim headless (package neovim).
NVIM := /usr/bin/nvim
$(NVIM):
	$(APT_INSTALL) neovim >/dev/null

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
	node bench/devnet-executor.ts
	node bench/explorer.ts
	node bench/lsp.ts

clean:
	rm -rf dist $(PARSER) src/syntax/parser.terms.ts

# Release: the platforms' executables (PLATFORMS, by default every one npm has Node 26 for), then
# their archives, npm packages and SHA256SUMS in dist/release (scripts/release/release.ts,
# docs/release.md). The Debian tools it needs are installed when missing (as root).
PLATFORMS ?=
release: release-binaries release-pack

# linux-arm64's code cache is made by its own Node, under qemu-user (scripts/release/platforms.ts).
ARM64_EMULATION := $(if $(filter linux-arm64,$(or $(PLATFORMS),linux-arm64)),/usr/bin/qemu-aarch64-static /usr/aarch64-linux-gnu/lib/libstdc++.so.6)
release-binaries: dist/pact | $(LLVM_STRIP) $(ARM64_EMULATION)
	node scripts/release/release.ts build $(PLATFORMS)

release-pack: dist/pact.cjs | /usr/bin/libdeflate-gzip
	node scripts/release/release.ts pack

/usr/bin/libdeflate-gzip:
	$(APT_INSTALL) libdeflate-tools
/usr/bin/qemu-aarch64-static:
	$(APT_INSTALL) qemu-user-static
/usr/aarch64-linux-gnu/lib/libstdc++.so.6:
	$(APT_INSTALL) libc6-arm64-cross libstdc++6-arm64-cross libatomic1-arm64-cross

# Runs each archive's executable where this machine can (test/release): natively, under
# qemu-user, under wine, or checks it structurally; and the npm packages installed offline.
WINE := /usr/lib/wine/wine64
$(WINE):
	$(APT_INSTALL) --no-install-recommends wine64
release-test: release | $(WINE)
	node --test --test-reporter=spec test/release/*.release.ts
