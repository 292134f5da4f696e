//! The AI's Web Worker; trunk builds it beside the page (`data-type="worker"`).

#[cfg(target_arch = "wasm32")]
fn main() {
    onitama::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "onitama-worker runs in the browser as the AI's Web Worker; on the command line use `onitama-cli`."
    );
    std::process::exit(2);
}
