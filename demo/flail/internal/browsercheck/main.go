package main

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"
)

func main() {
	url := flag.String("url", "http://127.0.0.1:8040/", "page to load")
	out := flag.String("out", "/tmp/flail_browser.png", "screenshot PNG")
	wait := flag.Duration("wait", 20*time.Second, "time to let the page run before the screenshot")
	shots := flag.Int("shots", 1, "screenshots to take: the first to -out, the others to -out with -2, -3 ... before .png")
	every := flag.Duration("every", 2*time.Second, "time between screenshots")
	browser := flag.String("chromium", "chromium", "Chromium executable")
	width := flag.Int("width", 960, "window width")
	height := flag.Int("height", 600, "window height")
	minColors := flag.Int("min-colors", 0, "fail unless the first screenshot has at least this many colors (a drawn page, not a black one)")
	wantStatus := flag.String("want-status", "", "pass only if the page's #status text contains this (an error page check)")
	var tm timing
	flag.BoolVar(&tm.firstFrame, "first-frame", false, "report the time from navigation to the first drawn frame (window.flailFirstFrame) and the bytes transferred per file, then take the screenshots at once")
	flag.Float64Var(&tm.mbps, "throttle-mbps", 0, "emulate a network of this many Mbit/s down (and 40 ms latency); 0 = no throttling")
	flag.Parse()
	err := run(*browser, *url, *out, *wait, *shots, *every, *width, *height, tm)
	if *wantStatus != "" {
		if err == nil || !strings.Contains(err.Error(), *wantStatus) {
			log.Fatalf("browsercheck: page status should contain %q; got %v", *wantStatus, err)
		}
		fmt.Printf("page status contains %q\n", *wantStatus)
		return
	}
	if err != nil {
		log.Fatal("browsercheck: ", err)
	}
	if *minColors > 0 {
		n, err := colors(*out, *minColors)
		if err != nil || n < *minColors {
			log.Fatalf("browsercheck: %s has %d colors (want at least %d): %v", *out, n, *minColors, err)
		}
		fmt.Printf("%s: at least %d colors\n", *out, n)
	}
}

// colors counts the distinct colors of a PNG, up to limit.
func colors(path string, limit int) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return 0, err
	}
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y && len(seen) < limit; y++ {
		for x := b.Min.X; x < b.Max.X && len(seen) < limit; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
		}
	}
	return len(seen), nil
}

// timing configures the page-weight measurement (-first-frame,
// -throttle-mbps).
type timing struct {
	firstFrame bool
	mbps       float64
}

func run(browser, url, out string, wait time.Duration, shots int, every time.Duration, w, h int, tm timing) error {
	dir, err := os.MkdirTemp("", "browsercheck")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), wait+time.Duration(shots)*every+90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu-sandbox",
		"--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-first-run", "--mute-audio",
		"--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--user-data-dir="+dir,
		fmt.Sprintf("--window-size=%d,%d", w, h), "about:blank")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	// "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/..."
	var port string
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "DevTools listening on ws://"); i >= 0 {
			rest := strings.TrimPrefix(line[i:], "DevTools listening on ws://")
			port = strings.SplitN(strings.SplitN(rest, "/", 2)[0], ":", 2)[1]
			break
		}
	}
	if port == "" {
		return errors.New("chromium did not start its DevTools endpoint")
	}
	go func() { // keep draining chromium's log
		for sc.Scan() {
		}
	}()
	page, err := pageTarget(ctx, port)
	if err != nil {
		return err
	}
	c, _, err := websocket.Dial(ctx, page, nil)
	if err != nil {
		return err
	}
	defer c.CloseNow()
	c.SetReadLimit(64 << 20)
	cdp := &client{c: c}
	if _, err := cdp.call(ctx, "Emulation.setDeviceMetricsOverride", map[string]any{"width": w, "height": h,
		"deviceScaleFactor": 1, "mobile": false}); err != nil {
		return err
	}
	if tm.mbps > 0 {
		if _, err := cdp.call(ctx, "Network.enable", map[string]any{}); err != nil {
			return err
		}
		if _, err := cdp.call(ctx, "Network.emulateNetworkConditions", map[string]any{"offline": false, "latency": 40,
			"downloadThroughput": tm.mbps * 1e6 / 8, "uploadThroughput": tm.mbps * 1e6 / 8}); err != nil {
			return err
		}
	}
	if _, err := cdp.call(ctx, "Page.navigate", map[string]any{"url": url}); err != nil {
		return err
	}
	if tm.firstFrame {
		if err := reportFirstFrame(ctx, cdp, wait); err != nil {
			return err
		}
	} else {
		time.Sleep(wait)
	}
	res, err := cdp.call(ctx, "Runtime.evaluate", map[string]any{"expression": `JSON.stringify({title: document.title, canvas: !!document.querySelector("canvas"), status: (document.getElementById("status")||{}).textContent||""})`,
		"returnByValue": true})
	if err != nil {
		return err
	}
	var ev struct {
		Result struct {
			Value string `json:"value"`
		} `json:"result"`
	}
	_ = json.Unmarshal(res, &ev)
	fmt.Println("page:", ev.Result.Value)
	var st struct {
		Canvas bool   `json:"canvas"`
		Status string `json:"status"`
	}
	_ = json.Unmarshal([]byte(ev.Result.Value), &st)
	for n := 1; n <= shots; n++ {
		if n > 1 {
			time.Sleep(every)
		}
		name := out
		if n > 1 {
			name = strings.TrimSuffix(out, ".png") + fmt.Sprintf("-%d.png", n)
		}
		if err := screenshot(ctx, cdp, name); err != nil {
			return err
		}
	}
	if st.Status != "" { // the page says something went wrong (a load failure, a start-up error)
		return fmt.Errorf("page reports: %s", st.Status)
	}
	if !st.Canvas {
		return errors.New("page has no canvas (the game did not start)")
	}
	return nil
}

// reportFirstFrame waits (at most wait) for the page's first drawn frame
// and prints when it came and what each file weighed on the wire.
func reportFirstFrame(ctx context.Context, cdp *client, wait time.Duration) error {
	end := time.Now().Add(wait)
	for {
		v, err := evalString(ctx, cdp, `String(window.flailFirstFrame||0)`)
		if err != nil {
			return err
		}
		if v != "0" && v != "" {
			ms, _ := strconv.ParseFloat(v, 64)
			fmt.Printf("first frame: %.0f ms after navigation start\n", ms)
			break
		}
		if time.Now().After(end) {
			return fmt.Errorf("no frame drawn within %v", wait)
		}
		time.Sleep(20 * time.Millisecond)
	}
	v, err := evalString(ctx, cdp, `JSON.stringify(performance.getEntriesByType("resource").concat(performance.getEntriesByType("navigation")).map(e => [e.name.split("/").pop().split("?")[0] || "(page)", e.transferSize, e.decodedBodySize, Math.round(e.responseEnd)]))`)
	if err != nil {
		return err
	}
	var rows [][]any
	_ = json.Unmarshal([]byte(v), &rows)
	for _, r := range rows {
		if len(r) == 4 {
			fmt.Printf("file %v: %.0f bytes transferred, %.0f decoded, done at %.0f ms\n", r[0], r[1], r[2], r[3])
		}
	}
	return nil
}

// evalString evaluates a JavaScript expression that yields a string.
func evalString(ctx context.Context, cdp *client, expr string) (string, error) {
	res, err := cdp.call(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true})
	if err != nil {
		return "", err
	}
	var ev struct {
		Result struct {
			Value string `json:"value"`
		} `json:"result"`
	}
	if err := json.Unmarshal(res, &ev); err != nil {
		return "", err
	}
	return ev.Result.Value, nil
}

// pageTarget returns the WebSocket URL of the browser's first page.
func pageTarget(ctx context.Context, port string) (string, error) {
	for i := 0; i < 50; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://127.0.0.1:"+port+"/json/list", nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			var ts []struct {
				Type string `json:"type"`
				WS   string `json:"webSocketDebuggerUrl"`
			}
			derr := json.NewDecoder(resp.Body).Decode(&ts)
			resp.Body.Close()
			for _, t := range ts {
				if derr != nil {
					break
				}
				if t.Type == "page" && t.WS != "" {
					return t.WS, nil
				}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", errors.New("no page target in chromium")
}

// client is a minimal DevTools protocol caller: one request at a time,
// events skipped.
type client struct {
	c  *websocket.Conn
	id int
}

func (cl *client) call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	cl.id++
	b, err := json.Marshal(map[string]any{"id": cl.id, "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	if err := cl.c.Write(ctx, websocket.MessageText, b); err != nil {
		return nil, err
	}
	for {
		_, data, err := cl.c.Read(ctx)
		if err != nil {
			return nil, err
		}
		var msg struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(data, &msg) != nil || msg.ID != cl.id {
			continue
		}
		if msg.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, msg.Error.Message)
		}
		return msg.Result, nil
	}
}

// screenshot captures the page as a PNG file.
func screenshot(ctx context.Context, cdp *client, name string) error {
	res, err := cdp.call(ctx, "Page.captureScreenshot", map[string]any{"format": "png"})
	if err != nil {
		return err
	}
	var shot struct {
		Data string `json:"data"`
	}
	if err := json.Unmarshal(res, &shot); err != nil {
		return err
	}
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(name, png, 0o644); err != nil {
		return err
	}
	fmt.Printf("screenshot %s (%d bytes)\n", name, len(png))
	return nil
}
