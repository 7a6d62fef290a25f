/** The errors the SDK raises; each message says what went wrong and where,
 * and `exitCode` is the status `run` exits with. */

export class ZetemaError extends Error {
  readonly exitCode: number = 1;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** No arbiter address or token (neither flag nor environment), or bad options. */
export class ConfigurationError extends ZetemaError {
  override readonly exitCode: number = 2;
}

/** The arbiter could not be reached, or the stream broke. */
export class ConnectionFailed extends ZetemaError {
  override readonly exitCode: number = 3;
}

/** The arbiter refused a message, or sent one that makes no sense. */
export class ProtocolError extends ZetemaError {
  override readonly exitCode: number = 4;
}

/** The arbiter speaks another protocol version than this SDK. */
export class VersionMismatch extends ProtocolError {
  override readonly exitCode: number = 5;
}

/** The arbiter did not accept the token (unknown or already used). */
export class BadToken extends ProtocolError {
  override readonly exitCode: number = 6;
}

/** The arbiter plays a game this bot did not declare (`games`). */
export class GameNotDeclared extends ProtocolError {
  override readonly exitCode: number = 7;
}
