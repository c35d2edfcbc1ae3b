// Command webserve serves a folder over HTTP on 127.0.0.1 for the browser
// check of the playground (demo/playground/browser_check.sh): it prints
// "serving http://ADDR/" and serves until killed. WebAssembly is served as
// application/wasm, which instantiateStreaming needs.
package main

import (
	"flag"
	"fmt"
	"log"
	"mime"
	"net"
	"net/http"
)

func main() {
	dir := flag.String("dir", ".", "folder to serve")
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	flag.Parse()
	_ = mime.AddExtensionType(".wasm", "application/wasm")
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("serving http://%s/\n", ln.Addr())
	log.Fatal(http.Serve(ln, http.FileServer(http.Dir(*dir))))
}
