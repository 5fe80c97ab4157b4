import type { RequestHandler } from 'express';
import {
  CONTROL_IN_ADDRESS_MESSAGE,
  CONTROL_IN_BODY_MESSAGE,
  findString,
  hasAnyControl,
  hasControlBesidesLineBreaks,
} from '../../../schema/rules/control-characters.ts';
import { badInput } from '../../errors.ts';

function decodedSegments(path: string): string[] {
  try {
    return path.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    throw badInput('The address is not valid: a % must start an escape like %20');
  }
}

/**
 * Refuses a path or a query string with a control character (say `%00`) with a 400, before any
 * route reads it: no parameter or search term can reach PostgreSQL with a NUL in it.
 */
export function refuseControlsInAddress(): RequestHandler {
  return (req, _res, next) => {
    // An address without a %-escape decodes to itself (a + in the query becomes a space): testing
    // it whole is enough, without splitting the path or parsing the query, as most reads need.
    if (!req.url.includes('%')) {
      if (hasAnyControl(req.url)) throw badInput(CONTROL_IN_ADDRESS_MESSAGE);
      next();
      return;
    }
    if (decodedSegments(req.path).some(hasAnyControl) || findString(req.query, hasAnyControl) !== null) {
      throw badInput(CONTROL_IN_ADDRESS_MESSAGE);
    }
    next();
  };
}

/** Refuses a JSON body with a control character (other than a line break or a tab) in any string, keys included. */
export function refuseControlsInBody(): RequestHandler {
  return (req, _res, next) => {
    if (findString(req.body, hasControlBesidesLineBreaks) !== null) throw badInput(CONTROL_IN_BODY_MESSAGE);
    next();
  };
}
