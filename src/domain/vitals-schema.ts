import * as z from 'zod/mini';
import { ISLAND_ROUTES } from './island-routes';
import { NAVIGATION_TYPES, VITAL_MAX, VITAL_NAMES, VITAL_RATINGS, type VitalsBeacon } from './vitals';

const measure = (max: number) =>
  z.strictObject({
    value: z.number().check(z.nonnegative(), z.lte(max)),
    rating: z.enum(VITAL_RATINGS),
    navigationType: z.enum(NAVIGATION_TYPES),
  });

/** A Web Vitals beacon as the endpoint takes it: this shape, these metrics and ranges only. */
export const VitalsBeaconSchema = z.lazy(
  () =>
    z.strictObject({
      // A page the indicators count, by its route pattern: never a word of the sender's own.
      route: z.enum(ISLAND_ROUTES),
      version: z.string().check(z.maxLength(64)),
      metrics: z.strictObject(
        Object.fromEntries(VITAL_NAMES.map((name) => [name, z.optional(measure(VITAL_MAX[name]))])) as {
          [K in (typeof VITAL_NAMES)[number]]: z.ZodMiniOptional<ReturnType<typeof measure>>;
        },
      ),
    }) satisfies z.ZodMiniType<VitalsBeacon>,
);
