import {
  ApiError,
  Errors,
  concurrentWriteFromDriverError,
  unstorableTextFromDriverError,
  type WireError,
} from '@commerce/errors';
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { throwError, type Observable } from 'rxjs';

interface HttpReply {
  code(status: number): HttpReply;
  send(body: unknown): unknown;
}

/**
 * Every failure of an RPC handler leaves the service as data: an ApiError keeps its status, code and
 * fields; PostgreSQL's refusal of a NUL character is the client's `InvalidInput`, a transaction it ended for
 * colliding with a concurrent one `ConcurrentModification`; anything else becomes `General` with an id that is also logged (never a stack trace on the wire).
 * On a service's own HTTP port (health probes) errors are answered as JSON.
 */
@Catch()
export class RpcErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('RpcError');

  catch(exception: unknown, host: ArgumentsHost): Observable<WireError> | void {
    if (host.getType() === 'rpc') return throwError(() => this.toWire(exception, host));
    const reply = host.switchToHttp().getResponse<HttpReply>();
    if (exception instanceof HttpException) {
      reply.code(exception.getStatus()).send(exception.getResponse());
      return;
    }
    const wire = this.toWire(exception, host);
    reply.code(wire.body.statusCode).send(wire.body);
  }

  private toWire(exception: unknown, host: ArgumentsHost): WireError {
    if (exception instanceof ApiError) return exception.toWire();
    const clientError = unstorableTextFromDriverError(exception) ?? concurrentWriteFromDriverError(exception);
    if (clientError) return clientError.toWire();
    const errorId = randomUUID();
    const data =
      host.getType() === 'rpc'
        ? host.switchToRpc().getData<{ ctx?: { correlationId?: string } }>()
        : undefined;
    this.logger.error({
      errorId,
      correlationId: data?.ctx?.correlationId,
      err: exception,
      msg: `unexpected error ${errorId}`,
    });
    return Errors.general(errorId).toWire();
  }
}
