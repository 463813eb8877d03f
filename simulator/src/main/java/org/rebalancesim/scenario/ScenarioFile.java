package org.rebalancesim.scenario;

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
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Reads a scenario file's bytes and text, turning every I/O failure into a problem. */
final class ScenarioFile {

    private ScenarioFile() {
    }

    static byte[] read(Path file, String displayName) throws ScenarioException {
        try {
            if (Files.isDirectory(file)) {
                throw fileProblem(displayName, "is a directory, not a scenario file; name a .yaml file inside it");
            }
            if (!Files.exists(file)) {
                throw fileProblem(displayName, "file not found");
            }
            long size = Files.size(file);
            if (size > Limits.MAX_FILE_BYTES) {
                throw fileProblem(displayName, "the file is " + size + " bytes; scenario files are limited to "
                        + "10 MiB (" + Limits.MAX_FILE_BYTES + " bytes)");
            }
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw fileProblem(displayName, "file not found");
        } catch (AccessDeniedException e) {
            throw fileProblem(displayName, "cannot read the file: permission denied");
        } catch (IOException e) {
            throw fileProblem(displayName, "cannot read the file: " + e.getMessage());
        }
    }

    /** The text, without a leading byte-order mark; a problem naming the line if it is not UTF-8. */
    static String utf8(byte[] bytes, String displayName) throws ScenarioException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            int offset = in.position();
            throw fileProblem(displayName, "the file is not valid UTF-8 (line " + lineOf(bytes, offset)
                    + ", byte offset " + offset + "); save it as UTF-8");
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

    static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    static ScenarioException fileProblem(String displayName, String message) {
        return ScenarioException.of(displayName, "", message);
    }
}
