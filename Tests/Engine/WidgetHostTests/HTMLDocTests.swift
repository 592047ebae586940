import JSONKit
import WidgetHost
import XCTest

/// `HTMLDoc` (A6): libxml2's HTML parser and XPath.
final class HTMLDocTests: APITestCase {
    let page = """
        <html><head><title>T</title></head><body>
        <h1 class="title main">Hello <b>上海</b></h1>
        <ul id="list"><li><a href="/a">A</a></li><li><a href="/b" class="x">B</a></li></ul>
        <p>unclosed <div>broken
        </body></html>
        """

    func xpath(_ expression: String) -> JSONValue? {
        value("const _r = new HTMLDoc(\(JSONValue.string(page).serialized())).xpath(\(JSONValue.string(expression).serialized())); let v = [typeof _r, JSON.parse(_r)]")
    }

    func testElementsHaveTheDocumentedFields() {
        let result = xpath("//h1")
        XCTAssertEqual(result?[0], "string")
        XCTAssertEqual(result?[1], [[
            "text": "Hello 上海", "content": "Hello 上海", "innerHTML": "Hello <b>上海</b>",
            "toHTML": "<h1 class=\"title main\">Hello <b>上海</b></h1>", "toXML": "<h1 class=\"title main\">Hello <b>上海</b></h1>",
            "className": "title main", "tagName": "h1",
        ]])
    }

    func testAttributesPredicatesAndPaths() {
        XCTAssertEqual(xpath("//a/@href")?[1]?.arrayValue?.map { $0["text"] }, ["/a", "/b"])
        XCTAssertEqual(xpath("//a/@href")?[1]?[0]?["tagName"], "href")
        XCTAssertEqual(xpath("//ul[@id='list']/li")?[1]?.arrayValue?.map { $0["toHTML"] },
                       ["<li><a href=\"/a\">A</a></li>", "<li><a href=\"/b\" class=\"x\">B</a></li>"])
        XCTAssertEqual(xpath("//a[@class='x']")?[1]?[0]?["text"], "B")
        XCTAssertEqual(xpath("//div")?[1]?[0]?["text"], "broken\n", "broken markup is repaired")
    }

    func testNothingMatchingAndNonNodeResultsGiveAnEmptyList() {
        XCTAssertEqual(xpath("//table")?[1], [])
        XCTAssertEqual(xpath("count(//a)")?[1], [])
    }

    func testAnInvalidExpressionThrows() {
        let out = outputs(runAPI("""
            const _doc = new HTMLDoc("<h1>x</h1>")
            let failure; try { _doc.xpath("//h1[") } catch (e) { failure = [e instanceof Error, e.message] }
            let empty; try { _doc.xpath("") } catch (e) { empty = e.message }
            """))
        XCTAssertEqual(out["failure"]?[0], true)
        XCTAssertEqual(out["failure"]?[1]?.stringValue?.hasPrefix("doc.xpath(\"//h1[\"): invalid XPath expression ("), true)
        XCTAssertEqual(out["empty"]?.stringValue?.hasPrefix("doc.xpath(\"\"): invalid XPath expression"), true)
    }

    func testWrongArgumentsThrowATypeError() {
        let out = outputs(runAPI("""
            let html; try { new HTMLDoc(42) } catch (e) { html = [e.name, e.message] }
            let expression; try { new HTMLDoc("<p>").xpath(7) } catch (e) { expression = e.name }
            let unbound; try { HTMLDoc.prototype.xpath.call({}, "//p") } catch (e) { unbound = e.name }
            let called; try { HTMLDoc("<p>") } catch (e) { called = e.name }
            let empty = new HTMLDoc("").xpath("//p")
            """))
        XCTAssertEqual(out["html"], ["TypeError", "HTMLDoc(html) expects the HTML text as a string (e.g. await req.fetchString()); got 42"])
        XCTAssertEqual(out["expression"], "TypeError")
        XCTAssertEqual(out["unbound"], "TypeError")
        XCTAssertEqual(out["called"], "TypeError")
        XCTAssertEqual(out["empty"], "[]")
    }

    func testTheDocsScrapeExample() {
        let html = "<h1><span property=\"v:itemreviewed\">肖申克的救赎</span></h1><strong class=\"ll rating_num\">9.7</strong>"
        let out = outputs(runAPI("""
            const _html = await new Request("https://movie.example.com/subject/1292052/").fetchString()
            const _doc = new HTMLDoc(_html)
            this.title = JSON.parse(_doc.xpath("//h1/span[@property='v:itemreviewed']"))[0]?.text || "?"
            this.rating = JSON.parse(_doc.xpath("//strong[@class='ll rating_num']"))[0]?.text || "?"
            """, fixtures: [NetworkFixture(url: "https://movie.example.com/subject/1292052/", body: Array(html.utf8))]))
        XCTAssertEqual(out["title"], "肖申克的救赎")
        XCTAssertEqual(out["rating"], "9.7")
    }
}
