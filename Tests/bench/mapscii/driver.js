'use strict';
// Runs the MapSCII that assemble.sh put together, for the side-by-side benchmark (sidebyside.py).
//
//   node driver.js draw RUNS VIEW...   MapSCII's Renderer.draw for each view, warm and cold, in this
//                                       process: one tab-separated line per view (the view, the zoom,
//                                       the warm and cold medians in ms), as `mapterm-bench sidebyside`
//   node driver.js serve               a loopback tile server answering every tile with an empty
//                                       body; prints its port, runs until killed
//
// A VIEW is `COLSxROWS@LAT,LON,ZOOM~STREETS` (ZOOM `fill`: the world filling the width, clamped to
// mapterm's zoom range). Environment: MAPSCII_DIR (assemble.sh's output) and XDG_CACHE_HOME, whose
// mapscii-nodejs folder holds the converted tiles: MapSCII reads a tile from there before it asks
// its server, so no tile crosses the network; a tile no set has comes from `serve` (empty).
// Needs NODE_PATH=/usr/share/nodejs for Debian's node packages.
const fs = require('fs');
const http = require('http');
const path = require('path');

const dir = process.env.MAPSCII_DIR && path.resolve(process.env.MAPSCII_DIR);
if (!dir || !fs.existsSync(path.join(dir, 'app', 'src', 'Renderer.js'))) {
  console.error('MAPSCII_DIR must name the output of Tests/bench/mapscii/assemble.sh');
  process.exit(2);
}

/** A loopback server answering every request with an empty 200. Resolves to its port. */
function serve() {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      res.writeHead(200, {'Content-Length': 0});
      res.end();
    });
    server.listen(0, '127.0.0.1', () => resolve({server, port: server.address().port}));
  });
}

function parse(spec) {
  const match = /^(\d+)x(\d+)@(-?[\d.]+),(-?[\d.]+),(fill|[\d.]+)~(.+)$/.exec(spec);
  if (!match) throw new Error(`a view is COLSxROWS@LAT,LON,ZOOM~STREETS, not ${spec}`);
  const cols = Number(match[1]);
  const zoom = match[5] === 'fill' ?
    Math.min(18, Math.max(0, Math.log2(cols * 2 / 256))) : Number(match[5]);
  return {cols, rows: Number(match[2]), lat: Number(match[3]), lon: Number(match[4]), zoom};
}

function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Times `draw` once, in ms; fails when it drew nothing (MapSCII reports errors and returns undefined). */
async function timed(renderer, view) {
  const start = process.hrtime.bigint();
  const frame = await renderer.draw({lat: view.lat, lon: view.lon}, view.zoom);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (typeof frame !== 'string' || frame.length === 0) throw new Error('MapSCII drew no frame');
  return ms;
}

async function draw(runs, specs) {
  const {server, port} = await serve();
  const config = require(path.join(dir, 'app', 'src', 'config'));
  const TileSource = require(path.join(dir, 'app', 'src', 'TileSource'));
  const Renderer = require(path.join(dir, 'app', 'src', 'Renderer'));
  const styleText = fs.readFileSync(path.join(dir, 'style.json'), 'utf8');
  config.source = `http://127.0.0.1:${port}/`;
  for (const spec of specs) {
    const view = parse(spec);
    const source = new TileSource();
    source.init(config.source);
    // The Styler compiles the style in place: a fresh copy for each renderer.
    const renderer = new Renderer(process.stdout, source, JSON.parse(styleText));
    // As MapSCII's own --width/--height: two dots a column, four a row.
    renderer.setSize(view.cols * 2, view.rows * 4);
    for (let i = 0; i < 3; i++) await timed(renderer, view);
    const warm = [];
    for (let i = 0; i < runs; i++) warm.push(await timed(renderer, view));
    const cold = [];
    for (let i = 0; i < Math.max(Math.floor(runs / 5), 3); i++) {
      // First sight of every tile: MapSCII's decoded tiles are forgotten; it reads them again.
      source.cache = {};
      source.cached = [];
      cold.push(await timed(renderer, view));
    }
    console.log([spec, view.zoom, median(warm), median(cold)].join('\t'));
  }
  server.close();
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'draw' && Number(rest[0]) >= 1 && rest.length > 1) {
  draw(Number(rest[0]), rest.slice(1)).catch((error) => {
    console.error(String(error));
    process.exit(1);
  });
} else if (mode === 'serve') {
  serve().then(({port}) => console.log(port));
} else {
  console.error('usage: node driver.js draw RUNS VIEW... | node driver.js serve');
  process.exit(2);
}
