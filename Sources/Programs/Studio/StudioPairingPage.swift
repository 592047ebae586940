/// The page's line about the app's VS Code extension, in the header: the address to give it,
/// the pairing code (when the studio listens on the loopback; otherwise it is only printed where
/// the studio runs), and whether a client is paired. Read from `GET /api/pairing` when the page
/// opens and every 2 s after.
extension StudioPage {
    static let pairingScript = #"""

        (function showPairing() {
          const box = document.createElement('span');
          box.id = 'vscode';
          box.setAttribute('role', 'status');
          box.setAttribute('aria-live', 'polite');
          document.querySelector('header.bar').append(box);
          async function update() {
            let pairing;
            try {
              pairing = await (await fetch('/api/pairing', { cache: 'no-store' })).json();
            } catch (error) {
              return;
            }
            const parts = ['VS Code: ' + pairing.address];
            parts.push(pairing.code ? 'pairing code ' + pairing.code : 'pairing code: printed where the studio runs');
            parts.push(pairing.paired ? 'paired with ' + pairing.client.name + ' ' + pairing.client.version : 'not paired');
            box.textContent = parts.join(' · ');
            box.className = pairing.paired ? 'paired' : '';
            document.body.dataset.paired = pairing.paired ? 'true' : 'false';
          }
          update();
          setInterval(update, 2000);
        })();

        """#

    static let pairingCSS = """

        #vscode{color:var(--muted);font-size:.9em;overflow-wrap:anywhere}
        #vscode.paired{color:var(--ok)}
        @media (min-width:700px){#vscode{margin-left:auto}}
        """
}
