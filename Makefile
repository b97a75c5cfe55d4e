# mapterm: `make run` opens the map, `make test` runs every test, `make bench` prints the figures.
SWIFT ?= swift
RELEASE_BIN := .build/release/mapterm
BENCH_BIN := .build-dynamic/release/mapterm-bench
VENV := .venv-basemap

.PHONY: run build release install uninstall deb test unit e2e lint fuzz bench basemap streets streets-bench schema-fixtures gazetteer-index clean

run: release
	$(RELEASE_BIN) $(ARGS)

build:
	$(SWIFT) build

## The release binary links the Swift runtime and Foundation in (--static-swift-stdlib): it needs only
## the system's C libraries, and starts in half the time (docs/performance.md, `make bench`).
release:
	$(SWIFT) build -c release --product mapterm --static-swift-stdlib

$(RELEASE_BIN):
	$(SWIFT) build -c release --product mapterm --static-swift-stdlib

## `make install [PREFIX=/usr/local] [DESTDIR=]`: the binary, its data, the man page and the bash, zsh
## and fish completions (packaging/install.sh), from the release binary last built (built if none is).
## `make uninstall` (same PREFIX and DESTDIR) removes exactly what install put there.
PREFIX ?= /usr/local
DESTDIR ?=
export PREFIX DESTDIR
install: $(RELEASE_BIN)
	bash packaging/install.sh install $(RELEASE_BIN)

uninstall:
	bash packaging/install.sh uninstall

## `make deb [DEB_DIR=.build/deb]`: DEB_DIR/mapterm_VERSION_ARCH.deb, from the release binary last built
## (packaging/deb.sh; needs dpkg-dev).
DEB_DIR ?= .build/deb
deb: $(RELEASE_BIN)
	bash packaging/deb.sh $(RELEASE_BIN) "$(DEB_DIR)"

## All tests: the import, output, conversion, test and architecture rules, the docs' links and format lint, unit and adapter tests, then the real binary in tmux.
test: lint unit e2e

## The PostGIS tests get a private PostgreSQL (Tests/services/postgres.sh), the routing tests real OSRM
## car and foot servers (Tests/services/osrm.sh) and the gpsd tests a private gpsd fed by a loopback NMEA
## source (Tests/services/gpsd.sh), or are skipped, saying why.
unit:
	$(SWIFT) build --build-tests
	bash Tests/services/postgres.sh run bash Tests/services/osrm.sh run bash Tests/services/gpsd.sh run \
		$(SWIFT) test --skip-build --no-parallel

e2e: release
	bash Tests/services/osrm.sh run bash Tests/e2e/e2e.sh $(RELEASE_BIN)

## The seeded fuzz tests (suites named *FuzzTests) with FUZZ_SCALE times their cases and seed
## FUZZ_SEED mixed into theirs: `make fuzz FUZZ_SCALE=1000 FUZZ_SEED=7`. One at a time, so each
## prints its own figures (cases, time, peak memory); the whole log is in .build/fuzz.log.
FUZZ_SCALE ?= 100
FUZZ_SEED ?= 0
fuzz:
	$(SWIFT) build --build-tests
	MAPTERM_FUZZ_SCALE=$(FUZZ_SCALE) MAPTERM_FUZZ_SEED=$(FUZZ_SEED) \
		$(SWIFT) test --skip-build --no-parallel --filter 'FuzzTests' > .build/fuzz.log 2>&1; status=$$?; \
		grep -E '^fuzz |✘|Fatal error' .build/fuzz.log | cut -c1-300; tail -n 2 .build/fuzz.log; exit $$status

lint:
	bash Tests/lint/check-imports.sh
	bash Tests/lint/check-pure-io.sh
	bash Tests/lint/check-dependencies.sh
	bash Tests/lint/check-output.sh
	bash Tests/lint/check-conversions.sh
	bash Tests/lint/check-conversions-test.sh
	bash Tests/lint/check-tests.sh
	bash Tests/lint/check-tests-test.sh
	bash Tests/lint/check-architecture.sh
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

## The bench program is built without --static-swift-stdlib, in .build-dynamic beside the dynamic
## mapterm that static-link.sh compares with: the Testing module its TestSupport imports is not in the
## static SDK. Its whole-process figures time the static release binary.
bench:
	$(SWIFT) build -c release --product mapterm --static-swift-stdlib
	$(SWIFT) build -c release --product mapterm-bench --scratch-path .build-dynamic
	$(SWIFT) build -c release --product mapterm --scratch-path .build-dynamic
	MAPTERM_BENCH_BINARY=$(RELEASE_BIN) bash Tests/services/postgres.sh run bash Tests/services/osrm.sh run \
		$(BENCH_BIN)
	bash Tests/e2e/bench-first-glyphs.sh $(RELEASE_BIN)
	bash Tests/e2e/bench-first-glyphs.sh $(RELEASE_BIN) "unroutable tile server" --tiles 'http://10.255.255.1/{z}/{x}/{y}.pbf'
	bash Tests/bench/cpu-per-key.sh $(RELEASE_BIN)
	bash Tests/bench/pty-bytes.sh $(RELEASE_BIN)
	bash Tests/bench/render-remote.sh $(RELEASE_BIN)
	bash Tests/bench/static-link.sh $(RELEASE_BIN) .build-dynamic/release/mapterm
	bash Tests/bench/mapscii/run.sh $(RELEASE_BIN) $(BENCH_BIN)

## Rebuilds Resources/world.mbtiles from ../shared/data/naturalearth (needs python3 and PyPI).
basemap:
	test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet -r Resources/tools/requirements-basemap.txt
	$(VENV)/bin/python Resources/tools/make_basemap.py --data ../shared/data --out Resources/world.mbtiles

## Rebuilds Resources/bayarea.mbtiles (street detail shipped with the map) from ../shared/data/osm
## with tilemaker and osmium (Debian packages tilemaker, osmium-tool).
streets:
	bash Resources/tools/make_streets.sh bayarea

## Rebuilds the street-level fixtures of `make bench`: Tests/bench/columbus.mbtiles (a city's streets)
## and Tests/bench/helsinki.mbtiles (central Helsinki, its densest tile).
streets-bench:
	bash Resources/tools/make_streets.sh columbus helsinki

## Rebuilds Tests/Fixtures/schemas/: Monaco in the OpenMapTiles and Shortbread schemas (tilemaker, as
## `streets`; SHORTBREAD is a clone of github.com/shortbread-tiles/shortbread-tilemaker) and in the
## Protomaps basemap v4 schema (converted from the OpenMapTiles one; needs python3 and PyPI).
SHORTBREAD ?= ../shortbread-tilemaker
schema-fixtures:
	bash Resources/tools/make_streets.sh --shortbread $(SHORTBREAD) monaco-omt monaco-shortbread
	test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet -r Resources/tools/requirements-schemas.txt
	$(VENV)/bin/python Resources/tools/make_protomaps.py Tests/Fixtures/schemas/monaco-omt.mbtiles \
		Tests/Fixtures/schemas/monaco-protomaps.pmtiles

## Rebuilds Resources/gazetteer/search.bin, the prebuilt search index of the gazetteer, from the other
## gazetteer files with the program's own code (a unit test fails while it is stale).
gazetteer-index:
	$(SWIFT) build --build-tests
	RECORD_SEARCH_INDEX=1 $(SWIFT) test --skip-build --filter GazetteerSearchIndexFileTests

clean:
	rm -rf .build
