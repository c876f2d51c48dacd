import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { API_CLIENT_LIMITS } from './api-client.types.js';

const { accessTokenValiditySeconds: access, refreshTokenValiditySeconds: refresh } = API_CLIENT_LIMITS;

export class ApiClientDraftDto {
  @IsString()
  @Length(1, 256)
  name: string;

  @IsString()
  @Length(1, 4_096)
  scope: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(36_500)
  deleteDaysAfterCreation?: number;

  @IsOptional()
  @IsInt()
  @Min(access.min)
  @Max(access.max)
  accessTokenValiditySeconds?: number;

  @IsOptional()
  @IsInt()
  @Min(refresh.min)
  @Max(refresh.max)
  refreshTokenValiditySeconds?: number;
}
