import { whereError } from '../errors.js';
import type { Literal } from '../predicate/ast.js';
import type { CompileContext } from './context.js';
import { operatorError } from './field-sql.js';
import { describeValue, numberText, resolveSingle } from './literals.js';
import { jsonSql, type Target } from './scope.js';

/** Mean Earth radius in metres (IUGG). */
export const EARTH_RADIUS_METERS = 6_371_008.8;

interface Circle {
  longitude: Literal;
  latitude: Literal;
  radius: Literal;
}

function coordinate(
  literal: Literal,
  name: string,
  min: number,
  max: number,
  context: CompileContext,
): string {
  const value = resolveSingle(literal, context.vars);
  const text = numberText(value);
  if (text === undefined)
    throw whereError(`The ${name} of 'within circle' must be a number, but got ${describeValue(value)}.`);
  if (!(Number(text) >= min && Number(text) <= max)) {
    throw whereError(`The ${name} of 'within circle' must be between ${min} and ${max}, but got ${text}.`);
  }
  return `${context.params.add(text)}::float8`;
}

/**
 * `field within circle(lng, lat, radius)` on a GeoJSON Point (`coordinates: [lng, lat]`): the haversine
 * great-circle distance, computed in plain SQL (no PostGIS). Points without two numeric coordinates never match.
 */
export function withinCircleSql(target: Target, circle: Circle, context: CompileContext): string {
  if (target.spec.type !== 'geoJsonPoint') throw operatorError('within circle', target);
  const lng = coordinate(circle.longitude, 'longitude', -180, 180, context);
  const lat = coordinate(circle.latitude, 'latitude', -90, 90, context);
  const radius = coordinate(circle.radius, 'radius', 0, Number.MAX_VALUE, context);
  const coordinates = `${jsonSql(target.location, context.params)}->'coordinates'`;
  const point = (index: number) =>
    `CASE WHEN jsonb_typeof(${coordinates}->${index}) = 'number' THEN (${coordinates}->>${index})::float8 END`;
  const alias = `p${++context.aliases}`;
  const haversine =
    `2 * ${EARTH_RADIUS_METERS} * asin(least(1, sqrt(` +
    `power(sin(radians(${alias}.lat - ${lat}) / 2), 2) + ` +
    `cos(radians(${lat})) * cos(radians(${alias}.lat)) * power(sin(radians(${alias}.lng - ${lng}) / 2), 2))))`;
  return `EXISTS (SELECT 1 FROM (SELECT ${point(0)} AS lng, ${point(1)} AS lat) AS ${alias} WHERE ${haversine} <= ${radius})`;
}
