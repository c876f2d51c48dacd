import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'commerce:public-route';

/** Marks a route that needs no bearer token (OAuth endpoints, health probes). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);
