/* Importing another Palazzo's catalog by its link (or the link its QR code shows).
 *
 * The server never fetches a URL a client names: it would reach whatever the link points to,
 * from inside the club's network. So this browser fetches the catalog (every Palazzo serves
 * /catalog/export.json to any page, with CORS) and uploads what it got through the catalog
 * file form, as if the file had been chosen by hand; the server checks it like any file.
 * If the link cannot be fetched from here, the message says to bring the file instead.
 */
(function () {
  "use strict";
  if (window.palazzoCatalogImport) return;
  window.palazzoCatalogImport = true;

  var MAX_BYTES = 1000000; // as the server's MAX_IMPORT
  var LINK = /^https?:\/\/[^\s\/]+(\/\S*)?$/;

  function exportUrl(link) {
    if (/\/catalog\/export\.json$/.test(link)) return link;
    var bare = link.replace(/\/+$/, "");
    return link.indexOf("/catalog") >= 0 ? bare : bare + "/catalog/export.json";
  }

  function say(form, text) {
    var status = form.querySelector("[data-fetch-status]");
    if (status) status.textContent = text;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target.closest ? event.target.closest("form[data-fetch-catalog]") : null;
    if (!form) return;
    event.preventDefault();
    var upload = document.querySelector("form[data-catalog-upload]");
    var link = (form.elements.url.value || "").trim();
    if (!LINK.test(link) || !upload) {
      say(form, form.dataset.badLink);
      return;
    }
    var url = exportUrl(link);
    say(form, form.dataset.fetching);
    fetch(url, { credentials: "omit", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (answer) {
        if (!answer.ok) throw new Error("HTTP " + answer.status);
        return answer.text();
      })
      .then(function (text) {
        if (text.length > MAX_BYTES) throw new Error("too large");
        var transfer = new DataTransfer();
        transfer.items.add(new File([text], "catalog.json", { type: "application/json" }));
        upload.elements.file.files = transfer.files;
        upload.elements.link.value = url;
        upload.submit();
      })
      .catch(function () {
        say(form, form.dataset.failed);
      });
  });
})();
