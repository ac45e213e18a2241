# Every command of the project. README.md names the two a newcomer needs:
# `make run` and `make test`.

GO      ?= go
BIN     := bin/ngern
# The MinIO server the object-store tests run against, built from source.
MINIO_VERSION := v0.0.0-20260212201848-7aac2a2c5b7c
GOBIN   := $(shell $(GO) env GOPATH)/bin
# The Go linter `make lint` runs (.golangci.yml), installed under its version's name so that a
# new pin installs afresh.
GOLANGCI_LINT_VERSION := v2.15.0
GOLANGCI_LINT := $(GOBIN)/golangci-lint-$(GOLANGCI_LINT_VERSION)
# Named, not ./...: node_modules may hold Go files of npm packages.
PKGS    := ./app/... ./core/... ./adapters/... ./bench/...

.PHONY: run build build-go build-web build-laos deps tools lint test test-go test-ui test-native test-e2e test-budget howto-videos howto-posters fmt check bench bench-chat clean

# A demo install: every outside party simulated, the demo member, games,
# receiving accounts and operator seeded (docs/operations.md#demo-install).
run: build ## build everything, seed the demo and serve it on :8080 (SQLite in ./data)
	NGERN_MODE=demo ./$(BIN) demo
	NGERN_MODE=demo ./$(BIN) serve

build: build-web build-go

build-go:
	$(GO) build -o $(BIN) ./app/cmd/ngern

build-web: deps
	npm --workspace ui run build

build-laos: deps ## the Laos web build (default language la, LAK)
	npm --workspace ui run build:laos

deps: node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json ui/package.json e2e/package.json
	npm ci --no-audit --no-fund
	@touch $@

tools: $(GOBIN)/minio $(GOLANGCI_LINT)

$(GOBIN)/minio:
	$(GO) install github.com/minio/minio@$(MINIO_VERSION)

$(GOLANGCI_LINT):
	$(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)
	cp $(GOBIN)/golangci-lint $@

# The gates (docs/development.md): golangci-lint over the Go packages, ESLint with the UI's import
# boundaries, and Prettier's check of the TypeScript and JavaScript.
lint: $(GOLANGCI_LINT) deps
	$(GOLANGCI_LINT) run $(PKGS)
	npx eslint ui e2e
	npx prettier --check ui e2e eslint.config.mjs

test: lint test-go test-ui test-native test-e2e test-budget

test-go: tools
	$(GO) vet $(PKGS)
	@out=$$(gofmt -l app core adapters bench 2>/dev/null); if [ -n "$$out" ]; then echo "not gofmt-formatted:"; echo "$$out"; exit 1; fi
	$(GO) test -race -count=1 -timeout 30m $(PKGS)

test-ui: deps
	npm --workspace ui run check:api # the generated API types match adapters/httpapi/openapi.yaml
	npm --workspace ui run typecheck
	npm --workspace ui test

test-native: deps ## the Android and iOS bundles build from the same code
	npm --workspace ui run export:android
	npm --workspace ui run export:ios

test-e2e: build
	npm --workspace e2e test

# The five how-to videos in th, la and en, recorded from the app (docs/ui.md#how-to-videos);
# HOWTO_LANGS=th records one language.
howto-videos: build ## record the how-to videos into adapters/howtovideos/media
	cd e2e && npx playwright test --config howto/playwright.config.ts
	$(MAKE) howto-posters

howto-posters: ## each how-to video's poster (its first frame, WebP) from the committed MP4s
	sh e2e/howto/posters.sh

test-budget: build-web ## /login's first-load JavaScript, compressed, within budget (docs/performance.md)
	npm --workspace ui run budget

fmt:
	gofmt -w app core adapters bench

bench: build-go ## wallet API against pgbench on PostgreSQL (docs/performance.md)
	$(GO) run ./bench

bench-chat: ## chat: 10,000 idle websockets on one node, fan-out times (docs/performance.md)
	$(GO) run ./bench/chat

clean:
	rm -rf bin ui/dist ui/dist-analyze ui/dist-native e2e/test-results
