// Online play for the page, fetched the first time it opens (boot.js's `onitamaOnline`): starts
// the online module (peer.js and its wasm) hosted by the page, which hears its words in its own
// language. Each of the module's lines reaches the page after the task that caused it (the module
// may answer while the page is busy with the command). A failure to load fails this import.
import init, { start, command } from './peer.js';
import { online_heard } from './onitama.js';

await init();

// The friend's link, copied or shared: it shows only once the module has made the room.
// Copied, the button says so for a moment, and screen readers hear it.
const link = document.getElementById('online-link');
const copy = document.getElementById('online-copy');
let copied;
copy.addEventListener('click', () => {
  link.select();
  navigator.clipboard.writeText(link.value).then(() => {
    copy.classList.add('copied');
    document.getElementById('announce').textContent = copy.lastElementChild.textContent;
    clearTimeout(copied);
    copied = setTimeout(() => copy.classList.remove('copied'), 2500);
  }, () => {});
});
const share = document.getElementById('online-share');
share.hidden = !('share' in navigator);
// Cancelled or refused, the link stays in its field to copy.
share.addEventListener('click', () => navigator.share({ url: link.value }).catch(() => {}));
start((line) => queueMicrotask(() => online_heard(line)), { host: true });

/** Gives the module one of the page's lines. */
export function send(line) {
  try {
    command(line);
  } catch (error) {
    console.error(error);
  }
}
