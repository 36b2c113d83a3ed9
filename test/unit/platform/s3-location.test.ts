import { describe, expect, it } from 'vitest';
import { platformConfigFromCli } from '../../../platform/cli-options.ts';
import { parsePlatformConfig } from '../../../platform/config.ts';
import { parseS3Location } from '../../../platform/objects/s3-location.ts';

describe('the --objects address (D-072)', () => {
  it('takes bucket, endpoint and region, with path-style addresses on when an endpoint is given', () => {
    expect(parseS3Location('s3://skin-uploads?endpoint=http://127.0.0.1:18080/&region=eu-west-1')).toEqual({
      bucket: 'skin-uploads', endpoint: 'http://127.0.0.1:18080', region: 'eu-west-1', forcePathStyle: true,
    });
    expect(parseS3Location('s3://skin-uploads')).toEqual({ bucket: 'skin-uploads', region: 'us-east-1', forcePathStyle: false });
    expect(parseS3Location('s3://skin-uploads?endpoint=https://s3.example.com&path_style=false').forcePathStyle).toBe(false);
  });

  it.each([
    ['s3://key:secret@skin-uploads', /credentials do not belong/],
    ['https://skin-uploads', /only s3:\/\//],
    ['s3://Bad_Bucket', /not a valid bucket/],
    ['s3://skin-uploads/folder', /bucket, not a folder/],
    ['s3://skin-uploads?endpoint=ftp://host', /not an http/],
    ['s3://skin-uploads?bucket=x', /unknown object store parameter/],
    ['s3://skin-uploads?path_style=maybe', /not true or false/],
  ])('refuses %s', (text, message) => {
    expect(() => parseS3Location(text)).toThrow(message);
  });

  it('comes from PLATFORM_OBJECTS or --objects and is checked with the rest of the configuration', () => {
    const input = platformConfigFromCli([], { PLATFORM_OBJECTS: 's3://skin-uploads?endpoint=http://minio:9000' });
    expect(parsePlatformConfig(input).objectStore).toEqual({ bucket: 'skin-uploads', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true });
    expect(() => parsePlatformConfig(platformConfigFromCli(['--objects', 's3://a:b@skin-uploads'], {}))).toThrow(/objectStore: credentials do not belong/);
    expect(parsePlatformConfig(platformConfigFromCli([], {})).objectStore).toBeUndefined();
  });
});
