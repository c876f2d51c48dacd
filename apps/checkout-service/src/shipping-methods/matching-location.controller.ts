import {
  MatchingLocationQueryDto,
  Subjects,
  type PagedQueryResponse,
  type Rpc,
  type ShippingMethod,
  type WireQuery,
  type Zone,
  validateDto,
} from '@commerce/contracts';
import { Handles } from '@commerce/messaging';
import { Errors } from '@commerce/errors';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { matchingLocation } from './matching-location.js';

/** `GET /shipping-methods/matching-location?country&state&currency`. */
@Controller()
export class MatchingLocationController {
  constructor(private readonly db: DataSource) {}

  @Handles(Subjects.checkout.shippingMethod.matchingLocation)
  async matchingLocation(
    @Payload() { ctx, query }: Rpc<{ query?: WireQuery }>,
  ): Promise<PagedQueryResponse<ShippingMethod>> {
    const parsed = validateDto(MatchingLocationQueryDto, query ?? {});
    if (!parsed.ok) throw Errors.invalidInput(`Invalid query parameters: ${parsed.problems.join('; ')}`);
    const location = parsed.value;
    // At most 100 zones per project: all of them are read, and the zone of the location picked in memory.
    const zones = await this.db.query<Array<{ doc: Zone }>>(
      `SELECT doc FROM "checkout"."zones" WHERE project_key = $1`,
      [ctx.projectKey],
    );
    const methods = await this.db.query<Array<{ doc: ShippingMethod }>>(
      `SELECT doc FROM "checkout"."shipping_methods" WHERE project_key = $1 AND doc @> '{"active": true}'
       ORDER BY created_at, id`,
      [ctx.projectKey],
    );
    const results = matchingLocation(
      methods.map((row) => row.doc),
      zones.map((row) => row.doc),
      location,
    );
    return { limit: results.length, offset: 0, count: results.length, total: results.length, results };
  }
}
