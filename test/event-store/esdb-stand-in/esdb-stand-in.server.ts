import { Server, ServerCredentials } from '@grpc/grpc-js';
import {
  type IServerFeaturesServer,
  ServerFeaturesService,
} from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import { SupportedMethod, SupportedMethods } from '@eventstore/db-client/generated/serverfeatures_pb';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import { StandInEventLog } from './stand-in-event.log';
import { StandInFaults } from './stand-in.faults';
import { type StreamsBehaviour, StandInStreamsService } from './stand-in-streams.service';

/** EventStoreDB's own defaults, which the stand-in keeps unless a test says otherwise. */
export const SERVER_MAX_APPEND_SIZE = 1_048_576;
/** Kestrel's default SETTINGS_MAX_CONCURRENT_STREAMS, which EventStoreDB does not change. */
export const SERVER_MAX_CONCURRENT_STREAMS = 100;

export interface EsdbStandInOptions {
  maxAppendSize?: number;
  maxConcurrentStreams?: number;
  /** What ServerFeatures reports; null: no ServerFeatures service (20.x), so the client uses Append, not BatchAppend. */
  serverVersion?: string | null;
  positionsOnStreamReads?: boolean;
  /** Share one log between nodes (a follower that sees the leader's data). */
  log?: StandInEventLog;
}

const HOST = '127.0.0.1';

/**
 * An in-process stand-in for an EventStoreDB node, served with @grpc/grpc-js from the client's own generated
 * service definitions, for testing the esdb adapter's side of the protocol where no server can run. It keeps the
 * server's limits (100 concurrent HTTP/2 streams per connection, 1 MiB appends), its error vocabulary, and can
 * inject faults. Clients reach it by one endpoint (`esdb://127.0.0.1:PORT?tls=false`), which needs no Gossip; a
 * follower is a second stand-in that names the first as its leader. It is NOT EventStoreDB: the contract suite
 * against a real server stays the judge.
 */
export class EsdbStandIn {
  readonly log: StandInEventLog;
  readonly faults = new StandInFaults();
  readonly behaviour: StreamsBehaviour;
  readonly streams: StandInStreamsService;
  private server: Server | undefined;
  private portNumber = 0;

  private constructor(private readonly options: EsdbStandInOptions) {
    this.log = options.log ?? new StandInEventLog();
    this.behaviour = {
      maxAppendSize: options.maxAppendSize ?? SERVER_MAX_APPEND_SIZE,
      positionsOnStreamReads: options.positionsOnStreamReads ?? true,
      leader: null,
      denyAllReads: false,
    };
    this.streams = new StandInStreamsService(this.log, this.faults, this.behaviour);
  }

  static async start(options: EsdbStandInOptions = {}): Promise<EsdbStandIn> {
    const standIn = new EsdbStandIn(options);
    await standIn.listen(0);
    return standIn;
  }

  get port(): number {
    return this.portNumber;
  }

  /** `esdb://127.0.0.1:PORT?tls=false` plus any further settings (`defaultDeadline=500`, …). */
  connectionString(settings = ''): string {
    return `esdb://${HOST}:${this.portNumber}?tls=false${settings ? `&${settings}` : ''}`;
  }

  /** From now on, refuse calls that require the leader, naming `leader` as the node to go to (or be leader again). */
  followerOf(leader: EsdbStandIn | null): void {
    this.behaviour.leader = leader ? { host: HOST, port: leader.port } : null;
  }

  get openCalls(): number {
    return this.streams.openCalls;
  }

  /** Drops every connection and call (as a crash would), stays down `downMs`, then listens on the same port. */
  async restart(downMs = 0): Promise<void> {
    this.server?.forceShutdown();
    this.server = undefined;
    if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.listen(this.portNumber);
  }

  async stop(): Promise<void> {
    this.server?.forceShutdown();
    this.server = undefined;
  }

  private async listen(port: number): Promise<void> {
    const server = new Server({
      'grpc.max_concurrent_streams': this.options.maxConcurrentStreams ?? SERVER_MAX_CONCURRENT_STREAMS,
      // The server takes messages up to its largest log record (16 MiB); MaxAppendSize is checked on the events.
      'grpc.max_receive_message_length': 16 * 1024 * 1024,
    });
    server.addService(StreamsService, this.streams.handlers());
    const version = this.options.serverVersion === undefined ? '24.10.0' : this.options.serverVersion;
    if (version !== null) {
      const features: IServerFeaturesServer = {
        getSupportedMethods: (_call, callback) => callback(null, this.supportedMethods(version)),
      };
      server.addService(ServerFeaturesService, features);
    }
    this.portNumber = await new Promise<number>((resolve, reject) =>
      server.bindAsync(`${HOST}:${port}`, ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    this.server = server;
  }

  private supportedMethods(version: string): SupportedMethods {
    const methods = new SupportedMethods();
    methods.setEventStoreServerVersion(version);
    for (const name of ['read', 'append', 'batchappend', 'delete', 'tombstone']) {
      const method = new SupportedMethod();
      method.setServiceName('event_store.client.streams.streams');
      method.setMethodName(name);
      methods.addMethods(method);
    }
    return methods;
  }
}
