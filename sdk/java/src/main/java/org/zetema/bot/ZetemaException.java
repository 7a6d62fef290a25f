package org.zetema.bot;

/**
 * An error of the SDK; the message says what went wrong and where, and
 * {@link #exitCode()} is the status {@link Bot#run} exits with: 2
 * configuration, 3 connection, 4 protocol, 5 version mismatch, 6 bad token, 7
 * a game the bot did not declare.
 */
public class ZetemaException extends Exception {
  private final int exitCode;

  ZetemaException(int exitCode, String message) {
    super(message);
    this.exitCode = exitCode;
  }

  public int exitCode() {
    return exitCode;
  }

  /** No arbiter address or token (neither flag nor environment), or bad options. */
  public static class ConfigurationError extends ZetemaException {
    public ConfigurationError(String message) {
      super(2, message);
    }
  }

  /** The arbiter could not be reached, or the stream broke. */
  public static class ConnectionFailed extends ZetemaException {
    public ConnectionFailed(String message) {
      super(3, message);
    }
  }

  /** The arbiter refused a message, or sent one that makes no sense. */
  public static class ProtocolError extends ZetemaException {
    public ProtocolError(String message) {
      this(4, message);
    }

    ProtocolError(int exitCode, String message) {
      super(exitCode, message);
    }
  }

  /** The arbiter speaks another protocol version than this SDK. */
  public static class VersionMismatch extends ProtocolError {
    public VersionMismatch(String message) {
      super(5, message);
    }
  }

  /** The arbiter did not accept the token (unknown or already used). */
  public static class BadToken extends ProtocolError {
    public BadToken(String message) {
      super(6, message);
    }
  }

  /** The arbiter plays a game this bot did not declare. */
  public static class GameNotDeclared extends ProtocolError {
    public GameNotDeclared(String message) {
      super(7, message);
    }
  }
}
