import { parseDto } from '@commerce/service-kit';
import type { PipeTransform } from '@nestjs/common';
import type { ClassConstructor } from '@commerce/contracts';

/** Validates a request body at the edge; the owning service validates it again off the wire. */
export class DtoPipe<T extends object> implements PipeTransform<unknown, T> {
  constructor(readonly cls: ClassConstructor<T>) {}

  transform(value: unknown): T {
    return parseDto(this.cls, value);
  }
}
