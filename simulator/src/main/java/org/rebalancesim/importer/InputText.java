package org.rebalancesim.importer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads an input file's text, turning every I/O failure into a problem naming the file and the fix. */
final class InputText {

    /** As for scenario files: a manifest or a properties file past this is a mistake (a log, a dump). */
    static final long MAX_FILE_BYTES = 10L * 1024 * 1024;

    private InputText() {
    }

    /** The file's text without a leading byte-order mark, or null after logging why it cannot be read. */
    static String read(Path file, String displayName, ImportLog log) {
        try {
            if (Files.isDirectory(file)) {
                log.problem(displayName, "", "is a directory; name the manifest and .properties files inside it");
                return null;
            }
            if (!Files.exists(file)) {
                log.problem(displayName, "", "file not found");
                return null;
            }
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                log.problem(displayName, "", "the file is " + size + " bytes; inputs are limited to 10 MiB ("
                        + MAX_FILE_BYTES + " bytes): name the manifests of one consumer group");
                return null;
            }
            return utf8(Files.readAllBytes(file), displayName, log);
        } catch (NoSuchFileException e) {
            log.problem(displayName, "", "file not found");
        } catch (AccessDeniedException e) {
            log.problem(displayName, "", "cannot read the file: permission denied");
        } catch (IOException e) {
            log.problem(displayName, "", "cannot read the file: " + e.getMessage());
        }
        return null;
    }

    private static String utf8(byte[] bytes, String displayName, ImportLog log) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            log.problem(displayName, "", "the file is not valid UTF-8 (line " + lineOf(bytes, in.position())
                    + "); save it as UTF-8");
            return null;
        }
        decoder.flush(out);
        String text = out.flip().toString();
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    private static int lineOf(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return line;
    }
}
