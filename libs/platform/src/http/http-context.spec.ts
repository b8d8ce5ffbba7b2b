import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { httpReply, httpRequest } from './http-context';

describe('httpRequest / httpReply', () => {
  it("are what switchToHttp() gives, for Nest's own execution context", () => {
    const req = { url: '/pagos' };
    const reply = { sent: false };
    const context = new ExecutionContextHost([req, reply, () => undefined]);
    expect(httpRequest(context)).toBe(req);
    expect(httpReply(context)).toBe(reply);
    const http = context.switchToHttp();
    expect(httpRequest(context)).toBe(http.getRequest());
    expect(httpReply(context)).toBe(http.getResponse());
  });
});
