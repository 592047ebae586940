// Scrape a web page with XPath (the docs' HTML example).
//
//   Scripts/widgethost run Fixtures/Examples/html-scrape.js --fixtures Fixtures/Examples/html-scrape.fixtures.json
//
// HTMLDoc parses the page with libxml2 (no JavaScript runs) and xpath() returns a JSON
// string of the matching nodes. The fixture answers with html-scrape.page.html.
//
// Outputs: title "The Shawshank Redemption", rating "9.7", links 2.

const _html = await new Request("https://movie.example.com/subject/1292052/").fetchString()
const _doc = new HTMLDoc(_html)
const _titles = JSON.parse(_doc.xpath("//h1/span[@property='v:itemreviewed']"))
const _ratings = JSON.parse(_doc.xpath("//strong[@class='ll rating_num']"))
this.title = _titles[0]?.text || "?"
this.rating = _ratings[0]?.text || "?"
this.links = JSON.parse(_doc.xpath("//div[@id='related']//a/@href")).length
