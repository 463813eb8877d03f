package org.rebalancesim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Reads the reports back the way a reader would see them, for tests: Markdown tables as cells with
 * the escaping undone, report.html as a DOM (it is well-formed XML by design), CSV by RFC 4180.
 */
public final class ReportFormats {

    private static final String PNG_PREFIX = "data:image/png;base64,";

    private ReportFormats() {
    }

    /** The rows (header first, the alignment row left out) of the Markdown table whose header starts so. */
    public static List<List<String>> markdownTable(String md, String headerStart) {
        List<String> lines = md.lines().toList();
        int start = -1;
        for (int i = 0; i < lines.size() && start < 0; i++) {
            if (lines.get(i).startsWith(headerStart)) {
                start = i;
            }
        }
        assertTrue(start >= 0, "no table starting with " + headerStart + " in\n" + md);
        List<List<String>> rows = new ArrayList<>();
        for (int i = start; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            if (i != start + 1) {
                rows.add(markdownCells(lines.get(i)));
            }
        }
        return rows;
    }

    /** The cells of one table line, as written (escapes kept), split on the unescaped '|'. */
    static List<String> markdownCells(String line) {
        String inner = line.substring(1, line.length() - 1);
        List<String> cells = new ArrayList<>(Arrays.asList(inner.split("(?<!\\\\)\\|", -1)));
        cells.replaceAll(String::strip);
        return cells;
    }

    /** What Markdown shows for escaped text: backslash escapes and the entities undone. */
    public static String markdownShown(String escaped) {
        return escaped.replaceAll("\\\\(\\p{Punct})", "$1").replace("&lt;", "<").replace("&gt;", ">")
                .replace("&quot;", "\"").replace("&amp;", "&");
    }

    public static boolean isBold(String cell) {
        return cell.length() > 4 && cell.startsWith("**") && cell.endsWith("**");
    }

    public static String withoutBold(String cell) {
        return isBold(cell) ? cell.substring(2, cell.length() - 2) : cell;
    }

    public static Document html(byte[] page) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
            factory.setExpandEntityReferences(false);
            return factory.newDocumentBuilder().parse(new ByteArrayInputStream(page));
        } catch (Exception e) {
            throw new AssertionError("report.html is not well-formed: " + e, e);
        }
    }

    public static List<Element> elements(Document document, String tag) {
        NodeList nodes = document.getElementsByTagName(tag);
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            elements.add((Element) nodes.item(i));
        }
        return elements;
    }

    public static List<Element> children(Element parent, String tag) {
        List<Element> children = new ArrayList<>();
        for (int i = 0; i < parent.getChildNodes().getLength(); i++) {
            if (parent.getChildNodes().item(i) instanceof Element child && child.getTagName().equals(tag)) {
                children.add(child);
            }
        }
        return children;
    }

    /** The table element with this class attribute. */
    public static Element table(Document document, String cssClass) {
        return elements(document, "table").stream().filter(t -> t.getAttribute("class").equals(cssClass))
                .findFirst().orElseThrow(() -> new AssertionError("no table." + cssClass));
    }

    /** The rows of a table's body: each row's cells (th and td, in order). */
    public static List<List<Element>> bodyRows(Element table) {
        List<List<Element>> rows = new ArrayList<>();
        for (Element row : elements(table, "tr")) {
            if (row.getParentNode() instanceof Element parent && parent.getTagName().equals("tbody")) {
                List<Element> cells = new ArrayList<>();
                for (int i = 0; i < row.getChildNodes().getLength(); i++) {
                    if (row.getChildNodes().item(i) instanceof Element cell) {
                        cells.add(cell);
                    }
                }
                rows.add(cells);
            }
        }
        return rows;
    }

    private static List<Element> elements(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            elements.add((Element) nodes.item(i));
        }
        return elements;
    }

    public static List<String> headerTexts(Element table) {
        Element head = (Element) table.getElementsByTagName("thead").item(0);
        return elements(head, "th").stream().map(Element::getTextContent).toList();
    }

    /** The value report.html shows in a cell, in human units: the cell's text before its exact line. */
    public static String htmlHuman(Element cell) {
        Element exact = htmlExactLine(cell);
        return exact == null ? cell.getTextContent() : cell.getTextContent().substring(0,
                cell.getTextContent().length() - exact.getTextContent().length());
    }

    /** The exact value of a report.html cell: its exact line where the human reading rounds, else the reading. */
    public static String htmlExact(Element cell) {
        Element exact = htmlExactLine(cell);
        return exact == null ? cell.getTextContent() : exact.getTextContent();
    }

    private static Element htmlExactLine(Element cell) {
        return children(cell, "span").stream().filter(span -> hasClass(span, "exact")).findFirst().orElse(null);
    }

    /** The exact value of a summary.md cell: what stands in square brackets where the reading rounds, else the reading. */
    public static String markdownExact(String cell) {
        int open = cell.lastIndexOf(" [");
        return open < 0 || !cell.endsWith("]") ? cell : cell.substring(open + 2, cell.length() - 1);
    }

    /** A report's exact value as result.json writes it: "1,680,000 ms" → "1680000". */
    public static String asInResultJson(String exact) {
        return exact.replace(",", "").replaceFirst(" ms$", "");
    }

    public static boolean hasClass(Element element, String cssClass) {
        return Arrays.asList(element.getAttribute("class").split(" ")).contains(cssClass);
    }

    /**
     * Checks that the page fetches nothing: no http(s) address anywhere, no script, no style sheet
     * or font from elsewhere, every src a data: URI; and that each embedded PNG decodes to an image
     * of the size its img element states. Returns the number of images.
     */
    public static int assertSelfContained(byte[] page) throws IOException {
        String text = new String(page, java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(!text.contains("http://") && !text.contains("https://"), "a network address in report.html");
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        assertTrue(!lower.contains("<script") && !lower.contains("<link") && !lower.contains("url(")
                && !lower.contains("@import"), "report.html loads something from elsewhere");
        assertTrue(!java.util.regex.Pattern.compile("\\bsrc\\s*+=\\s*+[\"']?+(?!data:)").matcher(text).find(),
                "a src= that is not a data: URI");
        Document document = html(page);
        for (Element element : elements(document, "*")) {
            assertTrue(!element.hasAttribute("src") || element.getAttribute("src").startsWith("data:"),
                    "src of " + element.getTagName() + " is not a data: URI");
            assertTrue(!element.hasAttribute("href") || element.getAttribute("href").startsWith("#"),
                    "a link out of the page: " + element.getAttribute("href"));
        }
        int images = 0;
        for (Element image : elements(document, "img")) {
            String src = image.getAttribute("src");
            assertTrue(src.startsWith(PNG_PREFIX), "not an embedded PNG: " + src.substring(0, Math.min(40, src.length())));
            BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(
                    Base64.getDecoder().decode(src.substring(PNG_PREFIX.length()))));
            assertNotNull(decoded, "an embedded image does not decode");
            assertEquals(Integer.parseInt(image.getAttribute("width")), decoded.getWidth());
            assertEquals(Integer.parseInt(image.getAttribute("height")), decoded.getHeight());
            images++;
        }
        return images;
    }

    /** RFC 4180 records of a CSV text (quoted fields with commas, quotes and line breaks allowed). */
    public static List<List<String>> csv(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\n') {
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
            } else if (c != '\r') {
                field.append(c);
            }
        }
        assertTrue(record.isEmpty() && field.length() == 0, "the CSV does not end with a line break");
        return records;
    }
}
