// Package webpage serves the directory of a game server's browser page
// (index.html, the game's .wasm and Go's wasm_exec.js) light: each file
// gzipped once per version (its path, size and modification time) and
// kept, or taken from a NAME.gz next to it that decodes to the same bytes;
// Content-Encoding: gzip to clients that accept it and the plain bytes to
// the others; a strong ETag per encoding, Last-Modified and 304 Not
// Modified on a revisit. Used by demo/flailserver and
// demo/playgroundserver (-web).
//
// Gzip only: brotli compresses a wasm module a little better but has no
// encoder in the standard library.
package webpage
