// Builds the page into the Python package (python/fenpai/service/webapp/), where
// `fenpai serve` serves it; the built files are committed (see docs/web.md).
import { defineConfig } from "vite";

export default defineConfig({
  base: "./",
  build: {
    outDir: "../python/fenpai/service/webapp",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
  },
  // `npx vite`: the page with reload, calling the web app of a local `fenpai serve`.
  server: {
    proxy: { "/fenpai.rpc.v1.GameService": "http://127.0.0.1:50080" },
  },
});
