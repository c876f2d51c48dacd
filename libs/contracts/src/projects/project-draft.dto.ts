import { ArrayMinSize, IsArray, IsOptional, IsString, Length, Matches } from 'class-validator';

/** A new Project as the platform's admin asks for it (`POST /{projectKey}/projects`, `npm run cli`). */
export class ProjectDraftDto {
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9-]{0,254}[a-z0-9]$/, {
    message: 'key must be 2 to 256 lower-case letters, digits or hyphens.',
  })
  key: string;

  @IsOptional()
  @IsString()
  @Length(1, 256)
  name?: string;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @Matches(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, {
    each: true,
    message: 'languages must be IETF language tags.',
  })
  languages?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @Matches(/^[A-Z]{2}$/, { each: true, message: 'countries must be ISO 3166-1 alpha-2 codes.' })
  countries?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @Matches(/^[A-Z]{3}$/, { each: true, message: 'currencies must be ISO 4217 codes.' })
  currencies?: string[];
}
